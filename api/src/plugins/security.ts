import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import inputGuard from './input-guard';

/**
 * Input rules for every route (control characters, id spelling), then security headers. The CSP fits the SPA: scripts only from us (plus CDN origins of remotes listed in
 * CSP_EXTRA_ORIGINS), inline styles allowed because Mantine injects them, images from data:/blob: too.
 * No upgrade-insecure-requests: the app is also served over plain http on a LAN address.
 */
export default fp(
  async function security(app: FastifyInstance, { extraOrigins }: { extraOrigins: string[] }) {
    await app.register(inputGuard);
    const headers = staticHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...extraOrigins],
          styleSrc: ["'self'", "'unsafe-inline'", ...extraOrigins],
          imgSrc: ["'self'", 'data:', 'blob:', ...extraOrigins],
          fontSrc: ["'self'", 'data:', ...extraOrigins],
          connectSrc: ["'self'", ...extraOrigins],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          // The document-format editor previews a PDF it fetched (a blob: URL) in a frame.
          frameSrc: ["'self'", 'blob:'],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
        },
      },
      // Remotes may be fetched cross-origin (a CDN-hosted shell); /mfe relaxes it per response.
      crossOriginResourcePolicy: { policy: 'same-origin' },
    });
    app.addHook('onRequest', async (_req, reply) => {
      reply.headers(headers);
    });
    // Parents use shared computers: an api answer stays in no cache unless it is public, the same for every
    // visitor (first page, regions, content images), and says so. "private" caching counts as none.
    app.addHook('onSend', async (req, reply) => {
      if (!req.url.startsWith('/api/')) return;
      const set = reply.getHeader('cache-control');
      if (typeof set !== 'string' || !set.startsWith('public')) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'security' },
);

/**
 * Helmet's headers depend only on its options, so they are worked out once at start-up (helmet's middleware run
 * against a recording response) instead of rebuilding the middleware on every request.
 */
function staticHeaders(options: HelmetOptions): Record<string, string> {
  const req = new IncomingMessage(new Socket());
  const recorder = new ServerResponse(req);
  helmet(options)(req, recorder, () => {});
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(recorder.getHeaders()))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  return headers;
}
