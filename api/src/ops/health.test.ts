import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { appPerFile } from '../../test/app-per-file';
import { MIGRATIONS, testConfig, tokenFor } from '../../test/helpers';
import { buildApp } from '../app';
import { createPool } from '../db/pool';

// No export may wait for a connection: the busy answer is what this file checks.
const t = appPerFile({ exportQueueMax: 0, signIn: false });

const TEST_CONFIG = testConfig();

const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });

describe('health probes', () => {
  it('GET /healthz answers without a tenant or a database', async () => {
    const res = await get(t.app, '/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('GET /readyz is ready when every shipped migration is applied', async () => {
    const res = await get(t.app, '/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      migrations: fs.readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql')).length,
    });
  });

  it('GET /readyz is 503 when the build ships a migration the database lacks', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psb-migrations-'));
    fs.cpSync(MIGRATIONS, dir, { recursive: true });
    fs.writeFileSync(path.join(dir, '9999_future.sql'), 'SELECT 1;');
    const app = await buildApp({ pool: t.pool, migrationsDir: dir, config: TEST_CONFIG });
    try {
      const res = await get(app, '/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'migrations-pending', pending: ['9999'] });
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('GET /readyz is 503 when the database cannot be reached, /healthz stays 200', async () => {
    const unreachable = createPool('postgresql://postgres@127.0.0.1:1/none');
    const app = await buildApp({ pool: unreachable, config: TEST_CONFIG });
    try {
      expect((await get(app, '/readyz')).json()).toEqual({ status: 'database-unavailable' });
      expect((await get(app, '/readyz')).statusCode).toBe(503);
      expect((await get(app, '/healthz')).statusCode).toBe(200);
    } finally {
      await app.close();
      await unreachable.end();
    }
  });
});

describe('export capacity', () => {
  it('answers 503 in Indonesian with Retry-After when no export may wait for a connection', async () => {
    const token = await tokenFor(t.app, 'superadmin@demo.sch.id', 'admin');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/mst_classes/export?format=csv',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Terlalu banyak unduhan sedang disiapkan. Silakan coba lagi sebentar lagi.',
    });
    expect(res.headers['retry-after']).toBe('5');
  });
});
