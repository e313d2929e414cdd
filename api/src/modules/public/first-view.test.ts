import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { firstPageResponseSchema } from '@psb/contracts';
import { call, setupTestApp, type TestContext, tokenFor } from '../../../test/helpers';

let t: TestContext;
let admin: string;
let dir: string;
const api = (p: string) => `/api/v1${p}`;
const INDEX =
  '<!doctype html><html lang="id"><head><title>PSB shell</title><link rel="manifest" href="/manifest.webmanifest">' +
  '<script defer src="/assets/main.js"></script><link as="script" href="/assets/boot.js" rel="preload">' +
  '</head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psb-first-view-'));
  const shellDir = path.join(dir, 'shell');
  fs.mkdirSync(shellDir, { recursive: true });
  fs.writeFileSync(path.join(shellDir, 'index.html'), INDEX);
  t = await setupTestApp({ config: { shellDir, mfeDir: path.join(dir, 'mfe') }, firstPageCacheMs: 0 });
  admin = await tokenFor(t.app, 'superadmin@demo.sch.id', 'admin');
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const put = (name: string, data: unknown) =>
  call(t.app, { method: 'PUT', url: api(`/config/${name}`), token: admin, payload: { data } });
const home = async (url = '/') => {
  const res = await call(t.app, { method: 'GET', url });
  expect(res.status).toBe(200);
  return res;
};
const embedded = (html: string, id: string) => {
  const m = html.match(new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`, 's'));
  return m ? JSON.parse(m[1]!) : undefined;
};

describe('the home page drawn by the server before the app loads', () => {
  it('shows the saved welcome, picture and colour, and carries the data the app would fetch', async () => {
    expect(
      (await put('welcome', { description: 'Selamat datang di **SD Harapan**.', image: '/welcome.svg' }))
        .status,
    ).toBe(200);
    expect((await put('theme', '#1d4ed8')).status).toBe(200);

    const res = await home();
    const html = res.raw;
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toContain('text/html');
    // Placed at the top of the body, before the app's root.
    expect(html.indexOf('id="psb-first-view"')).toBeGreaterThan(html.indexOf('<body>'));
    expect(html.indexOf('id="psb-first-view"')).toBeLessThan(html.indexOf('id="root"'));
    expect(html).toContain('Selamat datang di <strong>SD Harapan</strong>.');
    expect(html).toContain('<img src="/welcome.svg"');
    expect(html).toContain('--b:#1d4ed8');
    expect(html).toContain('href="/?modal=register"');

    const page = firstPageResponseSchema.parse(embedded(html, 'psb-first-page'));
    const fetched = await call(t.app, { method: 'GET', url: api('/public/first_page') });
    expect(page).toEqual(fetched.body);
    expect(embedded(html, 'psb-boot-theme')).toEqual({ success: true, theme: '#1d4ed8' });
    // The app receives the welcome as rendered here, keyed by its Markdown, so it needs no renderer of its own.
    expect(embedded(html, 'psb-first-html')).toEqual({
      [page.result.welcome_description]: '<p>Selamat datang di <strong>SD Harapan</strong>.</p>\n',
    });
  });

  it('leaves the boot preloads of the app out of the first view, so they do not slow its picture', async () => {
    const html = (await home()).raw;
    expect(html).toContain('id="psb-first-view"');
    expect(html).not.toContain('href="/assets/boot.js"');
    expect(html).toContain('<script defer src="/assets/main.js"></script>');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    // Pages the app draws itself keep them: there the boot files are on the way to the first paint.
    expect((await home('/home')).raw).toContain('<link as="script" href="/assets/boot.js" rel="preload">');
  });

  it('keeps staff text harmless: no markup of theirs, no script link, nothing that closes the data', async () => {
    const description =
      'Klik [di sini](javascript:alert(1)) <img src=x onerror=alert(2)> </script><script>alert(3)</script>';
    // A script address as the picture is refused when staff save it.
    expect((await put('welcome', { description, image: 'javascript:alert(4)' })).status).toBe(400);
    expect((await put('welcome', { description, image: '/welcome.svg' })).status).toBe(200);
    const html = (await home()).raw;
    const view = html.slice(html.indexOf('id="psb-first-view"'), html.indexOf('id="psb-first-page"'));
    expect(view).not.toMatch(/javascript:|onerror|<script>alert/i);
    expect(view).toContain('Klik di sini');
    // The embedded data holds no "<" that could end its script element early.
    const data = html.slice(html.indexOf('id="psb-first-page"'));
    expect(data.slice(0, data.indexOf('</script>'))).not.toContain('<');
    // Nor does the HTML handed to the app, which is as harmless as the copy on the page.
    const handed = html.slice(html.indexOf('id="psb-first-html"'));
    expect(handed.slice(0, handed.indexOf('</script>'))).not.toContain('<');
    expect(Object.values(embedded(html, 'psb-first-html')).join('')).not.toMatch(
      /javascript:|onerror|<script/i,
    );
  });

  it('links only to this site by a path, or to the web, mail and telephone; other sites open in a new tab', async () => {
    const description = [
      '[Masuk](/?modal=login) [Panduan](/panduan) [Situs](https://contoh.sch.id/p)',
      '[Surel](mailto:tu@contoh.sch.id) [Ganda](//evil.example/a) [Miring](/\\evil.example/b)',
      '[Acuan]',
      '',
      '[Acuan]: //evil.example/c',
    ].join('\n');
    // The picture is a file of this site: another site's, by a second slash, is refused when saved.
    expect((await put('welcome', { description, image: '//evil.example/x.png' })).status).toBe(400);
    expect((await put('welcome', { description, image: '/welcome.svg' })).status).toBe(200);
    const html = (await home()).raw;
    const view = html.slice(html.indexOf('id="psb-first-view"'), html.indexOf('id="psb-first-page"'));
    const handed = Object.values(embedded(html, 'psb-first-html')).join('');
    for (const rendered of [view, handed]) {
      expect(rendered).toContain('<a href="/?modal=login">Masuk</a>');
      expect(rendered).toContain('<a href="/panduan">Panduan</a>');
      expect(rendered).toContain(
        '<a href="https://contoh.sch.id/p" target="_blank" rel="noopener noreferrer">Situs</a>',
      );
      expect(rendered).toContain('<a href="mailto:tu@contoh.sch.id">Surel</a>');
      // Addresses a browser reads as another site's: shown as their words, never as a link.
      expect(rendered).not.toContain('evil.example');
      for (const word of ['Ganda', 'Miring', 'Acuan'])
        expect(rendered).toMatch(new RegExp(`[ >]${word}[ <]`));
    }
  });

  it('the staff sign-in page gets its own: title, fields and button in the tenant colour, no parent buttons', async () => {
    expect((await put('theme', '#7c2d12')).status).toBe(200);
    const res = await home('/admin');
    const html = res.raw;
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(html.indexOf('id="psb-first-view"')).toBeGreaterThan(html.indexOf('<body>'));
    expect(html.indexOf('id="psb-first-view"')).toBeLessThan(html.indexOf('id="root"'));
    const view = html.slice(html.indexOf('id="psb-first-view"'), html.indexOf('id="root"'));
    expect(view).toContain('<h2>Masuk Admin</h2>');
    expect(view).toContain('Khusus staf sekolah dan yayasan.');
    expect(view).toContain('Email / No. HP');
    expect(view).toContain('Kata Sandi');
    expect(html).toContain('--b:#7c2d12');
    expect(embedded(html, 'psb-boot-theme')).toEqual({ success: true, theme: '#7c2d12' });
    // Nothing to type into before the app's form arrives, and none of the parent's sign-in buttons.
    expect(view).not.toMatch(/<input|<form|modal=login|modal=register/);
    expect(embedded(html, 'psb-first-page')).toBeUndefined();
    // The app's boot files are still loaded by its entry script.
    expect(html).toContain('<script defer src="/assets/main.js"></script>');
  });

  it('only the home and the staff sign-in get one; other pages and the api are untouched', async () => {
    expect((await home('/contact1')).raw).toBe(INDEX);
    expect((await home('/admin/dashboard')).raw).toBe(INDEX);
    expect((await home('/?modal=login')).raw).toContain('id="psb-first-view"');
    const unknown = await call(t.app, { method: 'GET', url: '/', headers: { 'x-tenant': 'tidak-ada' } });
    expect(unknown.status).toBe(404);
    expect(unknown.raw).toContain('Yayasan tidak ditemukan');
  });
});
