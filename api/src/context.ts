import type { FastifyRequest } from 'fastify';
import type { Config } from './config';
import type { Pool } from './db/pool';
import type { ExportResources } from './engine/export';
import type { MailAdapter } from './integrations/mail';
import type { PasswordHasher } from './lib/password';

export interface Limits {
  /** Login attempts per client IP per minute. */
  loginPerIpPerMinute: number;
  /** Failed logins per account (tenant + username) before it is locked for the window. */
  loginFailuresPerAccount: number;
  loginAccountWindowSec: number;
  /** forgot_password requests per IP per 15 minutes. */
  forgotPerIp: number;
}

export const DEFAULT_LIMITS: Limits = {
  loginPerIpPerMinute: 20,
  loginFailuresPerAccount: 5,
  loginAccountWindowSec: 15 * 60,
  forgotPerIp: 10,
};

/** Services shared by the route modules. */
export interface AppContext {
  config: Pick<Config, 'publicUrl' | 'tokenTtl'>;
  pool: Pool;
  exports: ExportResources;
  mailer: MailAdapter;
  hasher: PasswordHasher;
  limits: Limits;
  /** How long GET /public/first_page is served from memory (0 in tests that edit content). */
  firstPageCacheMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/**
 * Origin for links in e-mails. PUBLIC_URL (with `{tenant}` replaced) when configured — set it in production,
 * since a Host header is client-controlled — otherwise the request's own origin (local use).
 */
export function linkOrigin(ctx: AppContext, req: FastifyRequest): string {
  if (ctx.config.publicUrl) return ctx.config.publicUrl.replaceAll('{tenant}', req.tenant.slug);
  return `${req.protocol}://${req.host}`;
}
