import fp from 'fastify-plugin';
import { appliedVersions, listMigrations } from '../db/migrate';
import type { Pool } from '../db/pool';

export interface HealthOptions {
  pool: Pool;
  /** The migration files this build ships; ready means every one of them is applied. */
  migrationsDir: string;
}

/**
 * Probes for an orchestrator or load balancer, outside /api/v1 so they need no tenant:
 * - GET /healthz: the process answers (liveness; never touches the database).
 * - GET /readyz: the database answers and holds every migration this build ships (readiness); 503 otherwise,
 *   and while the server is shutting down, so a load balancer stops sending traffic before the pool closes.
 */
export default fp<HealthOptions>(
  async (app, { pool, migrationsDir }) => {
    const shipped = listMigrations(migrationsDir).map((m) => m.version);
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });

    app.get('/healthz', { logLevel: 'warn' }, async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' };
    });

    app.get('/readyz', { logLevel: 'warn' }, async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      if (closing) return reply.code(503).send({ status: 'stopping' });
      let applied: Set<string>;
      try {
        applied = new Set(await appliedVersions(pool));
      } catch {
        return reply.code(503).send({ status: 'database-unavailable' });
      }
      const pending = shipped.filter((v) => !applied.has(v));
      if (pending.length > 0) return reply.code(503).send({ status: 'migrations-pending', pending });
      return { status: 'ready', migrations: shipped.length };
    });
  },
  { name: 'health' },
);
