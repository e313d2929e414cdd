import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { routePreloadLinks } from './route-preload';

export interface StaticOptions {
  shellDir: string;
  mfeDir: string;
  /**
   * HTML drawn by the server into a page's body before the app loads (the home, the staff sign-in; see the
   * public module); undefined for a page without one.
   */
  firstView?: (path: string, caller: FastifyRequest) => Promise<string | undefined>;
}

/** Files that must be revalidated on every load: entry points whose names never change. */
const ENTRY_FILES = new Set([
  'index.html',
  'sw.js',
  'manifest.webmanifest',
  'mf-manifest.json',
  'registry.json',
]);
/** Content-hashed names like main.3f2a1b4c.js or workbox-1a2b3c4d.js. */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Name of the file a precompressed sibling (`x.js.br`, `x.js.gz`) stands for. */
const servedName = (file: string) => path.basename(file).replace(/\.(br|gz)$/, '');

const isDir = (dir: string) => fs.existsSync(dir) && fs.statSync(dir).isDirectory();

/** The page for a host that names no foundation: served by the server, since there is no tenant to boot. */
const UNKNOWN_TENANT_PAGE = `<!doctype html>
<html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Yayasan tidak ditemukan</title>
<style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f5f7f6;color:#1f2d27}
main{max-width:32rem;padding:2rem;text-align:center}h1{color:#055837;font-size:1.5rem}</style></head>
<body><main><h1>Yayasan tidak ditemukan</h1>
<p>Alamat yang Anda buka tidak terdaftar sebagai yayasan di layanan PSB ini. Periksa kembali alamatnya atau hubungi sekolah Anda.</p>
</main></body></html>
`;

/**
 * Pages the shell builds an HTML of their own for: the parent's home and the staff dashboard carry a script
 * that draws the page's frame from the stored session before the app has loaded (the server cannot: the
 * session is not a cookie). Each file is named after its path: the service worker's precache answers a
 * navigation to `/x` with `x.html` when it holds one, so repeat visits under the worker get the same page.
 */
const PAGE_HTML: Record<string, string> = {
  '/home': 'home.html',
  '/admin/dashboard': 'admin/dashboard.html',
};

/** index.html for client-side routes (no file extension, outside /api and /mfe); undefined when no shell. */
export function spaFallback({ shellDir }: StaticOptions) {
  const index = path.join(shellDir, 'index.html');
  return (req: FastifyRequest, reply: FastifyReply) => {
    const urlPath = req.url.split('?')[0] ?? '/';
    const last = urlPath.split('/').pop() ?? '';
    if (urlPath.startsWith('/mfe/') || last.includes('.') || !fs.existsSync(index)) {
      return reply.status(404).send({ success: false, message: 'Alamat tidak ditemukan.' });
    }
    const own = PAGE_HTML[urlPath] && path.join(shellDir, PAGE_HTML[urlPath]);
    return reply
      .header('cache-control', NO_CACHE)
      .type('text/html; charset=utf-8')
      .send(fs.createReadStream(own && fs.existsSync(own) ? own : index));
  };
}

/**
 * index.html with the server's first view placed at the top of its body, the file re-read only when a build
 * replaced it.
 */
function indexWithFirstView(shellDir: string) {
  const file = path.join(shellDir, 'index.html');
  let cached: { mtimeMs: number; head: string; tail: string } | undefined;
  return async (fragment: string): Promise<string | undefined> => {
    const stat = await fs.promises.stat(file).catch(() => undefined);
    if (!stat) return undefined;
    if (cached?.mtimeMs !== stat.mtimeMs) {
      const html = await fs.promises.readFile(file, 'utf8');
      const at = html.search(/<body[^>]*>/i);
      if (at < 0) return undefined;
      const end = html.indexOf('>', at) + 1;
      // The first view paints without the app's scripts, and the welcome picture is what the visitor sees
      // first: the build's preload tags for the app's boot files would share a phone's line with it, so this
      // page leaves them out (main.js asks for those files itself).
      const head = html.slice(0, end).replace(/<link\b[^>]*\brel="preload"[^>]*>/g, '');
      cached = { mtimeMs: stat.mtimeMs, head, tail: html.slice(end) };
    }
    return cached.head + fragment + cached.tail;
  };
}

/** A GET of a page (the shell's index or a client-side route), as opposed to an asset, remote or api call. */
function isPageRequest(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const urlPath = req.url.split('?')[0] ?? '/';
  if (urlPath === '/api' || urlPath.startsWith('/api/') || urlPath.startsWith('/mfe/')) return false;
  // Health probes answer for the process, not for a tenant (and must not need the database to say so).
  if (urlPath === '/healthz' || urlPath === '/readyz') return false;
  // The payment simulator stands in for Midtrans, which serves every foundation alike.
  if (urlPath.startsWith('/simulator/')) return false;
  const last = urlPath.split('/').pop() ?? '';
  return !last.includes('.') || last === 'index.html';
}

/**
 * Serves the built front-ends from the same process: the shell SPA at `/`, the remotes under `/mfe/` (CORS
 * open, so a shell on another origin can load them) and `/mfe/registry.json` read fresh on every request —
 * publishing a remote rewrites that file and needs no restart.
 */
export default fp(
  async function staticFiles(app: FastifyInstance, { shellDir, mfeDir, firstView }: StaticOptions) {
    const withFirstView = indexWithFirstView(shellDir);
    const preloadLinks = routePreloadLinks(mfeDir);
    // A host naming no foundation gets a plain page instead of a shell that would boot into errors.
    app.addHook('onRequest', async (req, reply) => {
      if (!isPageRequest(req)) return;
      const tenant = await app.resolveTenant(req);
      if (tenant) {
        // A page is still served without its hints (the shell loads the same files a little later).
        const links = await preloadLinks(req.url.split('?')[0] ?? '/').catch((err: unknown) => {
          req.log.warn({ err }, 'preload hints for the page failed');
          return undefined;
        });
        if (links) reply.header('link', links);
      }
      if (tenant && firstView && req.method === 'GET') {
        req.tenant = tenant;
        // Without its first view a page still works (the app draws it), so a failure here only logs.
        const html = await firstView(req.url.split('?')[0] ?? '/', req)
          .then((fragment) => fragment && withFirstView(fragment))
          .catch((err: unknown) => req.log.error({ err }, 'first view of the page failed'));
        if (html)
          return reply
            .header('cache-control', NO_CACHE)
            .header('vary', 'X-Tenant')
            .type('text/html; charset=utf-8')
            .send(html);
      }
      if (tenant !== null) return;
      return reply
        .status(404)
        .header('cache-control', NO_CACHE)
        .header('vary', 'X-Tenant')
        .type('text/html; charset=utf-8')
        .send(UNKNOWN_TENANT_PAGE);
    });

    app.get('/mfe/registry.json', async (req, reply) => {
      reply.header('cache-control', 'no-store').header('access-control-allow-origin', '*');
      try {
        const body = await fs.promises.readFile(path.join(mfeDir, 'registry.json'), 'utf8');
        return reply.type('application/json; charset=utf-8').send(body);
      } catch {
        req.log.warn({ mfeDir }, 'registry.json not found');
        return reply.status(404).send({ success: false, message: 'Alamat tidak ditemukan.' });
      }
    });

    if (isDir(mfeDir)) {
      await app.register(fastifyStatic, {
        root: mfeDir,
        prefix: '/mfe/',
        decorateReply: false,
        cacheControl: false,
        index: false,
        // The build writes .br/.gz next to each asset; send those instead of compressing per request.
        preCompressed: true,
        setHeaders: (reply: FastifyReply, file: string) => {
          reply.header('access-control-allow-origin', '*');
          reply.header('cross-origin-resource-policy', 'cross-origin');
          // Remote files live in versioned folders; only the manifest is revalidated.
          reply.header('cache-control', ENTRY_FILES.has(servedName(file)) ? NO_CACHE : IMMUTABLE);
        },
      });
    } else {
      app.log.warn(`Remotes folder ${mfeDir} does not exist: /mfe is not served (build the remotes first).`);
    }

    if (isDir(shellDir)) {
      await app.register(fastifyStatic, {
        root: shellDir,
        prefix: '/',
        wildcard: true,
        cacheControl: false,
        preCompressed: true,
        setHeaders: (reply: FastifyReply, file: string) => {
          const name = servedName(file);
          reply.header('cache-control', !ENTRY_FILES.has(name) && HASHED.test(name) ? IMMUTABLE : NO_CACHE);
        },
      });
    } else {
      app.log.warn(
        `Shell folder ${shellDir} does not exist: only the api is served (build the shell first).`,
      );
    }
  },
  { name: 'static' },
);
