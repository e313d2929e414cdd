import { appPerFile } from '../../test/app-per-file';
import { call, loginAs, setupTestApp, tokenFor } from '../../test/helpers';
import { createPool } from '../db/pool';
import { createTenant } from '../db/seed';
import { UNKNOWN_TENANT_MESSAGE } from './tenant';

const t = appPerFile({ signIn: false });
beforeAll(async () => {
  await createTenant(t.ownerPool, { slug: 'b', name: 'Yayasan B', themeColor: '#123456' });
});

const registerAt = (headers: Record<string, string>, email: string, phone: string) =>
  call(t.app, {
    method: 'POST',
    url: '/api/v1/public/register',
    headers,
    payload: { name: 'Orang Tua B', email, phone_number: phone, password: 'rahasia1' },
  });

describe('tenant resolution', () => {
  it('takes the tenant from the first host label, X-Tenant overriding; no label → default tenant', async () => {
    const theme = async (headers: Record<string, string>) =>
      (await call(t.app, { method: 'GET', url: '/api/v1/public/theme', headers })).body.theme;
    expect(await theme({ host: 'b.example.id' })).toBe('#123456');
    expect(await theme({ host: 'localhost:8080' })).toBe('#055837');
    expect(await theme({ host: '192.168.1.20:8080' })).toBe('#055837');
    expect(await theme({ host: 'localhost', 'x-tenant': 'b' })).toBe('#123456');
    expect(await theme({ host: 'b.example.id', 'x-tenant': 'demo' })).toBe('#055837');
  });
});

describe('unknown tenants', () => {
  it('answers a host or X-Tenant naming no foundation with 404 and an Indonesian message', async () => {
    for (const headers of [{ host: 'tidakada.example.id' }, { host: 'localhost', 'x-tenant': 'tidakada' }]) {
      const res = await call(t.app, { method: 'GET', url: '/api/v1/public/theme', headers });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: UNKNOWN_TENANT_MESSAGE });
    }
    expect(UNKNOWN_TENANT_MESSAGE).toMatch(/^Yayasan tidak ditemukan/);
  });

  it('treats a disabled tenant like an unknown one', async () => {
    await createTenant(t.ownerPool, { slug: 'tutup', name: 'Yayasan Tutup' });
    await t.ownerPool.query("UPDATE tenants SET disabled_at = now() WHERE slug = 'tutup'");
    const res = await call(t.app, {
      method: 'GET',
      url: '/api/v1/public/theme',
      headers: { host: 'tutup.example.id' },
    });
    expect(res.status).toBe(404);
  });

  it('serves the default tenant named by DEFAULT_TENANT for hosts without a tenant label', async () => {
    const other = await setupTestApp({ config: { defaultTenant: 'b' } });
    try {
      await createTenant(other.ownerPool, { slug: 'b', name: 'Yayasan B', themeColor: '#123456' });
      const res = await call(other.app, {
        method: 'GET',
        url: '/api/v1/public/theme',
        headers: { host: '127.0.0.1' },
      });
      expect(res.body.theme).toBe('#123456');
    } finally {
      await other.close();
    }
  });
});

describe('Vary', () => {
  it('every tenant-dependent api answer says it varies by X-Tenant', async () => {
    for (const url of [
      '/api/v1/public/theme',
      '/api/v1/public/panduan_wawancara',
      '/api/v1/public/content/registration_steps',
    ]) {
      const res = await call(t.app, { method: 'GET', url });
      expect({ url, vary: res.headers.vary }).toEqual({ url, vary: expect.stringMatching(/X-Tenant/i) });
    }
  });
});

describe('tenant isolation', () => {
  it('a user registered in tenant B cannot sign in at tenant A (demo)', async () => {
    expect((await registerAt({ host: 'b.example.id' }, 'hanya-b@example.id', '081255550001')).status).toBe(
      201,
    );
    expect(
      (await loginAs(t.app, 'hanya-b@example.id', 'rahasia1', 'user', { host: 'b.example.id' })).status,
    ).toBe(200);
    const atA = await loginAs(t.app, 'hanya-b@example.id', 'rahasia1', 'user', { host: 'demo.example.id' });
    expect(atA.status).toBe(401);
    expect(atA.body.message).toBe('Email/No. HP atau kata sandi salah.');
  });

  it('the same e-mail and phone may exist in another tenant', async () => {
    expect((await registerAt({ 'x-tenant': 'b' }, 'orangtua@demo.sch.id', '081234567890')).status).toBe(201);
    expect((await registerAt({ 'x-tenant': 'b' }, 'orangtua@demo.sch.id', '081234567891')).status).toBe(409);
  });

  it('a token issued by tenant B is refused at tenant A', async () => {
    const tokenB = await (async () => {
      const res = await loginAs(t.app, 'hanya-b@example.id', 'rahasia1', 'user', { 'x-tenant': 'b' });
      return res.body.token as string;
    })();
    expect(
      (await call(t.app, { method: 'GET', url: '/api/v1/me', token: tokenB, headers: { 'x-tenant': 'b' } }))
        .status,
    ).toBe(200);
    const atA = await call(t.app, {
      method: 'GET',
      url: '/api/v1/me',
      token: tokenB,
      headers: { host: 'demo.example.id' },
    });
    expect(atA.status).toBe(401);
    // And the other way round.
    const tokenA = await tokenFor(t.app, 'orangtua@demo.sch.id');
    expect(
      (await call(t.app, { method: 'GET', url: '/api/v1/me', token: tokenA, headers: { 'x-tenant': 'b' } }))
        .status,
    ).toBe(401);
  });

  it('a direct query through the app pool without tenant context returns no rows', async () => {
    const asOwner = await t.ownerPool.query('SELECT count(*)::int AS n FROM users');
    // The owner is a superuser in tests/CI, so it sees everything: proof there is data to hide.
    // A brand-new connection made exactly like the app's pool makes them (as psb_app, nothing set)…
    const fresh = createPool(t.databaseUrl, { max: 1 });
    try {
      const res = await fresh.query<{ u: string; n: number }>(
        'SELECT current_user AS u, count(*)::int AS n FROM users',
      );
      expect(res.rows[0]).toEqual({ u: 'psb_app', n: 0 });
    } finally {
      await fresh.end();
    }
    // …and a connection of the app's own pool with the tenant setting cleared.
    const client = await t.pool.connect();
    try {
      await client.query('RESET app.tenant_id');
      const who = await client.query('SELECT current_user AS u');
      expect(who.rows[0].u).toBe('psb_app');
      for (const table of ['users', 'roles', 'role_modules', 'configs', 'school_years', 'mail_outbox']) {
        const res = await client.query(`SELECT count(*)::int AS n FROM ${table}`);
        expect({ table, n: res.rows[0].n }).toEqual({ table, n: 0 });
      }
      // With a tenant set, only that tenant's rows are visible.
      const demo = await t.ownerPool.query<{ id: number }>("SELECT id FROM tenants WHERE slug = 'demo'");
      await client.query("SELECT set_config('app.tenant_id', $1, false)", [String(demo.rows[0]!.id)]);
      const scoped = await client.query<{ n: number; tenants: number }>(
        'SELECT count(*)::int AS n, count(DISTINCT tenant_id)::int AS tenants FROM users',
      );
      expect(scoped.rows[0]!.tenants).toBe(1);
      expect(scoped.rows[0]!.n).toBeLessThan(asOwner.rows[0].n);
      // Writing another tenant's rows is refused by the policy.
      await expect(
        client.query("INSERT INTO configs (tenant_id, name, value) VALUES ($1, 'x', 'y')", [
          demo.rows[0]!.id + 1,
        ]),
      ).rejects.toThrow(/row-level security/);
    } finally {
      // Destroyed, not returned: its tenant binding was changed behind the pool's back.
      client.release(true);
    }
    expect(asOwner.rows[0].n).toBeGreaterThan(3);
  });
});
