import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { call, setupTestApp, type TestContext } from '../../test/helpers';

let t: TestContext;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psb-static-'));
  const shellDir = path.join(dir, 'shell');
  const mfeDir = path.join(dir, 'mfe');
  fs.mkdirSync(path.join(mfeDir, 'mfe_public/1.0.0'), { recursive: true });
  fs.mkdirSync(shellDir, { recursive: true });
  fs.writeFileSync(path.join(shellDir, 'index.html'), '<!doctype html><title>PSB shell</title>');
  fs.writeFileSync(path.join(shellDir, 'main.3f2a1b4c.js'), 'console.log(1)');
  fs.writeFileSync(path.join(shellDir, 'sw.js'), 'self.x=1');
  fs.writeFileSync(path.join(mfeDir, 'registry.json'), JSON.stringify({ remotes: {} }));
  fs.writeFileSync(path.join(mfeDir, 'mfe_public/1.0.0/mf-manifest.json'), '{}');
  fs.writeFileSync(path.join(mfeDir, 'mfe_public/1.0.0/remoteEntry.js'), 'var x');
  t = await setupTestApp({ config: { shellDir, mfeDir } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('serving the built front-ends', () => {
  it('serves index.html for / and for client-side routes, never cached', async () => {
    for (const url of ['/', '/some/spa/path', '/admin/dashboard?t=1']) {
      const res = await call(t.app, { method: 'GET', url });
      expect({ url, status: res.status }).toEqual({ url, status: 200 });
      expect(res.raw).toContain('PSB shell');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it.each([
    ['/home', 'home.html'],
    ['/admin/dashboard', 'admin/dashboard.html'],
  ])('serves %s its own HTML when the build made one, index.html otherwise', async (url, file) => {
    const ownHtml = path.join(dir, 'shell', file);
    expect((await call(t.app, { method: 'GET', url })).raw).toContain('PSB shell');
    fs.mkdirSync(path.dirname(ownHtml), { recursive: true });
    fs.writeFileSync(ownHtml, '<!doctype html><title>PSB own page</title>');
    try {
      const own = await call(t.app, { method: 'GET', url: `${url}?x=1` });
      expect(own.status).toBe(200);
      expect(own.raw).toContain('PSB own page');
      expect(own.headers['cache-control']).toBe('no-cache');
      expect((await call(t.app, { method: 'GET', url: '/profile' })).raw).toContain('PSB shell');
      expect((await call(t.app, { method: 'GET', url: '/admin/users' })).raw).toContain('PSB shell');
    } finally {
      fs.rmSync(ownHtml);
    }
  });

  it('caches hashed assets for a year and revalidates the service worker', async () => {
    const asset = await call(t.app, { method: 'GET', url: '/main.3f2a1b4c.js' });
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await call(t.app, { method: 'GET', url: '/sw.js' })).headers['cache-control']).toBe('no-cache');
    expect((await call(t.app, { method: 'GET', url: '/missing.js' })).status).toBe(404);
  });

  it('reads /mfe/registry.json fresh on every request with no-store', async () => {
    const first = await call(t.app, { method: 'GET', url: '/mfe/registry.json' });
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.body).toEqual({ remotes: {} });
    const next = {
      remotes: { mfe_public: { version: '1.0.1', entry: '/mfe/mfe_public/1.0.1/mf-manifest.json' } },
    };
    fs.writeFileSync(path.join(dir, 'mfe', 'registry.json'), JSON.stringify(next));
    expect((await call(t.app, { method: 'GET', url: '/mfe/registry.json' })).body).toEqual(next);
  });

  it('serves remotes with CORS open; manifests revalidated, other files immutable', async () => {
    const manifest = await call(t.app, { method: 'GET', url: '/mfe/mfe_public/1.0.0/mf-manifest.json' });
    expect(manifest.status).toBe(200);
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const entry = await call(t.app, { method: 'GET', url: '/mfe/mfe_public/1.0.0/remoteEntry.js' });
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(entry.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await call(t.app, { method: 'GET', url: '/mfe/mfe_public/9.9.9/mf-manifest.json' })).status).toBe(
      404,
    );
  });

  it("announces the remote that draws a page (manifest, entry, route map) with the page's HTML", async () => {
    const folder = path.join(dir, 'mfe', 'mfe-parent', '2.0.0');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(
      path.join(folder, 'mf-manifest.json'),
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [{ name: 'routes', assets: { js: { sync: ['__federation_expose_routes.1a2b3c4d.js'] } } }],
      }),
    );
    fs.writeFileSync(
      path.join(dir, 'mfe', 'registry.json'),
      JSON.stringify({
        remotes: { mfe_parent: { version: '2.0.0', entry: '/mfe/mfe-parent/2.0.0/mf-manifest.json' } },
      }),
    );
    const home = await call(t.app, { method: 'GET', url: '/home' });
    expect(home.status).toBe(200);
    expect(String(home.headers.link).split(', ')).toEqual([
      '</mfe/mfe-parent/2.0.0/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous',
      '</mfe/mfe-parent/2.0.0/remoteEntry.js>; rel=prefetch; as=script',
      '</mfe/mfe-parent/2.0.0/__federation_expose_routes.1a2b3c4d.js>; rel=prefetch; as=script',
    ]);
    // A page of a remote that is not deployed, and a path no page has, are served without hints.
    expect((await call(t.app, { method: 'GET', url: '/admin/dashboard' })).headers.link).toBeUndefined();
    expect((await call(t.app, { method: 'GET', url: '/some/spa/path' })).headers.link).toBeUndefined();
  });

  it('keeps /api answers JSON even with the SPA fallback in place', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/v1/not-here' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'Alamat tidak ditemukan.' });
  });
});

describe('a host naming no foundation', () => {
  it('gets a 404 page "Yayasan tidak ditemukan" from the server, for / and client-side routes', async () => {
    for (const url of ['/', '/admin/dashboard']) {
      const res = await call(t.app, { method: 'GET', url, headers: { host: 'tidakada.psb.example.id' } });
      expect({ url, status: res.status }).toEqual({ url, status: 404 });
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.raw).toContain('Yayasan tidak ditemukan');
      expect(res.raw).not.toContain('PSB shell');
    }
  });

  it('keeps serving the default tenant on localhost and IP addresses', async () => {
    for (const host of ['localhost:8080', '127.0.0.1:8080']) {
      const res = await call(t.app, { method: 'GET', url: '/', headers: { host } });
      expect(res.status).toBe(200);
      expect(res.raw).toContain('PSB shell');
    }
  });
});
