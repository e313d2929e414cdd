import autocannon from 'autocannon';
import { cpuMs, processCpuMs } from './process-memory.mjs';

/** Seconds of load before each measured run: connections, prepared statements and the JIT settle first. */
export const WARMUP_SECONDS = 3;

/** Runs autocannon twice with the same options: a warm-up that is thrown away, then the measured run. */
export async function measured(options) {
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  return autocannon(options);
}

export function benchHttp(url, { connections = 50, duration = 10, method = 'GET', body, headers } = {}) {
  return measured({ url, connections, duration, method, body, headers });
}

/**
 * Like benchHttp, with the CPU each request cost the api process and, apart, the processes it started (the
 * embedded PostgreSQL): a figure that holds when something else loads the machine, unlike requests per second.
 */
export async function benchHttpWithCpu(url, pid, { connections = 50, duration = 10, headers } = {}) {
  const options = { url, connections, duration, headers };
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  const [api, all] = [processCpuMs([pid]), cpuMs(pid)];
  const run = await autocannon(options);
  const n = run.requests.total;
  const apiMs = (processCpuMs([pid]) - api) / n;
  return { run, cpu: { api: apiMs, children: (cpuMs(pid) - all) / n - apiMs } };
}

/** A Fastify route that does nothing, measured in the same run as the baseline for this machine. */
export async function startEmptyFastify(requireFromApi) {
  const Fastify = requireFromApi('fastify');
  const app = Fastify({ logger: false });
  app.get('/empty', async () => ({ success: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address();
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

export function formatRun(r) {
  return `${Math.round(r.requests.average).toLocaleString('en')} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, errors ${r.errors + r.non2xx}`;
}
