import { appPerFile } from '../../test/app-per-file';
import { call } from '../../test/helpers';

const t = appPerFile({ signIn: false });

/** No error body may carry internals. */
const expectClean = (raw: string) => {
  expect(raw).not.toMatch(/stack|at .*\.(ts|js):\d+|node_modules|FST_/);
};

describe('error responses', () => {
  it('malformed JSON → 400 Format data tidak valid.', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/public/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "a@b.id", ',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'Format data tidak valid.' });
    expectClean(res.raw);
  });

  it('an unknown field → 400 naming the field', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/public/login',
      payload: { username: 'orangtua@demo.sch.id', password: 'demo1234', is_admin: true },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      message: 'Data tidak valid.',
      errors: { is_admin: 'Kolom tidak dikenal.' },
    });
  });

  it('an oversized body → 413', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/public/register',
      payload: { name: 'x'.repeat(1_100_000), email: 'a@b.id', password: 'rahasia1' },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, message: 'Ukuran data terlalu besar.' });
    expectClean(res.raw);
  });

  it('an unsupported media type → 415', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/public/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(res.status).toBe(415);
    expect(res.body.success).toBe(false);
  });

  it('an unknown /api path → 404 JSON', async () => {
    for (const url of ['/api/v1/tidak-ada', '/api/nothing', '/api']) {
      const res = await call(t.app, { method: 'GET', url });
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toEqual({ success: false, message: 'Alamat tidak ditemukan.' });
    }
  });

  it('an unexpected failure → 500 without details, and it is logged', async () => {
    // Break the database behind the app: the handler fails in an unplanned way.
    await t.ownerPool.query('ALTER TABLE configs RENAME TO configs_moved');
    try {
      const res = await call(t.app, { method: 'GET', url: '/api/v1/public/first_page' });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ success: false, message: 'Terjadi kesalahan pada server.' });
      expectClean(res.raw);
      expect(res.raw).not.toContain('configs');
    } finally {
      await t.ownerPool.query('ALTER TABLE configs_moved RENAME TO configs');
    }
  });

  it('sets security headers with a CSP for the SPA', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/v1/public/theme' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes the OpenAPI document generated from the contracts', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/docs/json' });
    expect(res.status).toBe(200);
    const doc = res.body as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/v1/public/login']?.post?.requestBody).toBeDefined();
    expect(Object.keys(doc.paths)).toContain('/api/v1/role_modules/role/{id}');
  });
});
