import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import inputGuard from './input-guard';

/**
 * Input rules for every route (control characters, id spelling), then security headers. The CSP fits the SPA: scripts only from us (plus CDN origins of remotes listed in
 * CSP_EXTRA_ORIGINS), inline styles allowed because Mantine injects them, images from data:/blob: too.
 * No upgrade-insecure-requests: the app is also served over plain http on a LAN address.
 */
export default fp(
  async function security(app: FastifyInstance, { extraOrigins }: { extraOrigins: string[] }) {
    await app.register(inputGuard);
    await app.register(helmet, {
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
  },
  { name: 'security' },
);
