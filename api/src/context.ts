import type { Config } from './config';
import type { Pool } from './db/pool';
import type { ExportResources } from './engine/export';
import type { MailAdapter } from './integrations/mail';
import type { PaymentGateway } from './integrations/midtrans';
import type { WhatsAppAdapter } from './integrations/whatsapp';
import type { JobRuntime } from './jobs/runtime';
import type { PasswordHasher } from './lib/password';
import type { Tenant } from './types';

export interface Limits {
  /** Login attempts per client IP per minute. */
  loginPerIpPerMinute: number;
  /** Failed guesses per key (voucher codes, registrant checks) before the key is locked for the window. */
  loginFailuresPerAccount: number;
  loginAccountWindowSec: number;
  /** Failed logins of one account answered without delay; each further failure doubles the wait. */
  loginFailuresFree: number;
  /** First wait (seconds) after the free failures, and the cap: an owner is never locked out for long. */
  loginDelayBaseSec: number;
  loginDelayMaxSec: number;
  /** forgot_password requests per IP per 15 minutes. */
  forgotPerIp: number;
  /** register and change_password requests per IP per 15 minutes. */
  accountWritesPerIp: number;
  /** change_password attempts per account per 15 minutes. */
  changePasswordPerAccount: number;
  /** Registrations per IP per 15 minutes: generous, since a school's parents may share one address. */
  registerPerIp: number;
  /** Registrations tried per e-mail address or phone number per hour. */
  registerPerAccountPerHour: number;
}

export const DEFAULT_LIMITS: Limits = {
  loginPerIpPerMinute: 20,
  loginFailuresPerAccount: 5,
  loginAccountWindowSec: 15 * 60,
  loginFailuresFree: 5,
  loginDelayBaseSec: 5,
  loginDelayMaxSec: 5 * 60,
  forgotPerIp: 10,
  accountWritesPerIp: 30,
  changePasswordPerAccount: 10,
  registerPerIp: 50,
  registerPerAccountPerHour: 5,
};

/** Services shared by the route modules. */
export interface AppContext {
  config: Pick<Config, 'publicUrl' | 'tokenTtl'> & Partial<Pick<Config, 'port'>>;
  pool: Pool;
  /**
   * A direct connection's pool (never through a transaction pooler), for what needs a session of its own:
   * LISTEN. Default: `pool`.
   */
  directPool: Pool;
  exports: ExportResources;
  mailer: MailAdapter;
  hasher: PasswordHasher;
  limits: Limits;
  /** How long GET /public/first_page is served from memory (0 in tests that edit content). */
  firstPageCacheMs: number;
  /** How long a GET /report/dashboard answer is served from memory per tenant, school scope and filters. */
  dashboardCacheMs: number;
  /** Background jobs (pg-boss); inert when the app was built without a database URL for them. */
  jobs: JobRuntime;
  whatsapp: WhatsAppAdapter;
  /** Midtrans (or its built-in simulator when no server key is configured). */
  payments: PaymentGateway;
  delivery: DeliveryOptions;
}

/** How the outbox delivers: attempts per message and the wait before a retry (doubling each time). */
export interface DeliveryOptions {
  maxAttempts: number;
  retryBaseMs: number;
  /** Messages sent at once by one delivery run. */
  concurrency: number;
}

export const DEFAULT_DELIVERY: DeliveryOptions = { maxAttempts: 3, retryBaseMs: 30_000, concurrency: 16 };

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/**
 * Origin for links in e-mails, never built from the request (its Host header is client-controlled):
 * PUBLIC_URL with `{tenant}` replaced when configured, else the tenant's configured origin, else this
 * machine's own address (the one-machine default: http://localhost:PORT).
 */
export function linkOrigin(ctx: AppContext, caller: { tenant: Tenant }): string {
  return tenantLinkOrigin(ctx.config, caller.tenant);
}

export function tenantLinkOrigin(
  config: Pick<Config, 'publicUrl'> & Partial<Pick<Config, 'port'>>,
  tenant: Pick<Tenant, 'slug' | 'publicOrigin'>,
): string {
  if (config.publicUrl) return config.publicUrl.replaceAll('{tenant}', tenant.slug);
  if (tenant.publicOrigin) return tenant.publicOrigin;
  return `http://localhost:${config.port ?? 8080}`;
}
