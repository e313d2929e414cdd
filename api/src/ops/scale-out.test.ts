import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { fileForm, testImage } from '../../test/file-form';
import { call, setupTestApp, type TestContext, testConfig, testHasher, tokenFor } from '../../test/helpers';
import { newRegistrant } from '../../test/parent-journey';
import { buildApp } from '../app';
import { createPool, type Pool } from '../db/pool';
import { createStorage } from '../integrations/storage';
import { type LocalS3, startLocalS3 } from '../integrations/storage/testing';

/**
 * Two api instances (A = the test app, B = a second app with its own pool) on ONE database and one
 * S3-compatible bucket, as behind a load balancer: whatever one instance decides, the other must honour.
 */
let s3: LocalS3;
let t: TestContext;
let poolB: Pool;
let b: FastifyInstance;
const jwtSecret = crypto.randomBytes(32).toString('hex');
const savedEnv = { ...process.env };

beforeAll(async () => {
  s3 = await startLocalS3();
  Object.assign(process.env, s3.env);
  t = await setupTestApp({ config: { jwtSecret } });
  poolB = createPool(t.databaseUrl, { max: 3 });
  b = await buildApp({
    pool: poolB,
    hasher: testHasher,
    config: { ...testConfig(), jwtSecret },
  });
  await b.ready();
});
afterAll(async () => {
  await b?.close();
  await poolB?.end();
  await t?.close();
  await s3?.close();
  process.env = savedEnv;
});

describe('two api instances on one database', () => {
  it('a token revoked on one instance is refused by the other', async () => {
    const token = await tokenFor(t.app, 'superadmin@demo.sch.id', 'admin');
    expect((await call(b, { method: 'GET', url: '/api/v1/me', token })).status).toBe(200);
    const out = await call(t.app, { method: 'POST', url: '/api/v1/logout', token });
    expect(out.status).toBe(200);
    const after = await call(b, { method: 'GET', url: '/api/v1/me', token });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Sesi Anda telah berakhir. Silakan masuk kembali.');
  });

  it('counts login attempts from one address across both instances', async () => {
    const attempt = (app: FastifyInstance, n: number) =>
      call(app, {
        method: 'POST',
        url: '/api/v1/public/login',
        remoteAddress: '192.0.2.91',
        payload: { username: `tamu${n}@example.id`, password: 'apa-saja-1', type: 'user' },
      });
    // The limit is 20 a minute per address: 10 on each instance use it up.
    for (let i = 0; i < 20; i++) expect((await attempt(i % 2 ? b : t.app, i)).status).toBe(401);
    for (const app of [t.app, b]) {
      const res = await attempt(app, 99);
      expect(res.status).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
    }
    await t.ownerPool.query('DELETE FROM rate_limits');
  });

  it('a document uploaded through one instance (STORAGE_DRIVER=s3) is served by the other', async () => {
    const r = await newRegistrant(t);
    const photo = await testImage('jpeg', 120, 160, '#c52');
    const up = await call(t.app, {
      method: 'POST',
      url: `/api/v1/registrant/upload/${r.id}?folder=akta`,
      token: r.parent.token,
      ...fileForm(photo, 'akta.jpg', 'image/jpeg'),
    });
    expect(up.status).toBe(200);
    const url = String(up.body.url_gcs);

    const file = await b.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${r.parent.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 120, 160]);
    // The object really is in the bucket (read with the bucket's own client), not on a local disk.
    const { rows } = await t.ownerPool.query<{ key: string }>(
      `SELECT documents -> 'akta' ->> 'key' AS key FROM registrants WHERE id = $1`,
      [r.id],
    );
    const stored = await createStorage(s3.env).get(rows[0]!.key);
    expect(stored?.size).toBe(file.rawPayload.length);
  });
});
