import type { FastifyInstance } from 'fastify';

export interface ShutdownDeps {
  /** The app once built (undefined while the server is still starting). */
  app: () => FastifyInstance | undefined;
  /** Closed after the last request finished; a pool already ending is skipped. */
  pools: { end(): Promise<void>; readonly ending: boolean }[];
  /** The embedded PostgreSQL when this process started it. */
  embedded?: { stop(): Promise<void> };
  /** In-flight requests get this long; then the process exits anyway (code 1). */
  timeoutMs: number;
  log: (message: string) => void;
  exit: (code: number) => void;
}

/**
 * The stop sequence for SIGTERM/SIGINT: stop accepting connections, let the requests in flight finish (Fastify
 * closes idle keep-alive connections and waits for the busy ones), close the database pools, stop the embedded
 * PostgreSQL, exit 0. Repeated signals are ignored; past `timeoutMs` the process exits with 1 regardless.
 */
export function createShutdown(d: ShutdownDeps): (signal: string) => Promise<void> {
  let stopping: Promise<void> | undefined;
  const run = async (signal: string) => {
    d.log(`${signal} received: finishing requests in flight, then stopping…`);
    const force = setTimeout(() => {
      d.log('Requests still running after SHUTDOWN_TIMEOUT_MS; exiting anyway.');
      void (d.embedded?.stop() ?? Promise.resolve()).finally(() => d.exit(1));
    }, d.timeoutMs);
    force.unref();
    let code = 0;
    try {
      await d.app()?.close();
      await Promise.all(d.pools.filter((p) => !p.ending).map((p) => p.end()));
      await d.embedded?.stop();
      d.log('Stopped.');
    } catch (err) {
      code = 1;
      d.log(`Stop failed: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      clearTimeout(force);
      d.exit(code);
    }
  };
  return (signal) => {
    stopping ??= run(signal);
    return stopping;
  };
}
