import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { MidtransConfig } from './integrations/midtrans';
import { DEFAULT_HASH_POOL, type HashPoolOptions } from './lib/hash-pool';
import { findRepoRoot } from './lib/root';

/** Empty strings in the environment mean "not set", so `FOO= pnpm start` falls back to the default. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const postgresUrl = z
  .string()
  .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must start with postgres:// or postgresql://');
const httpUrl = z.string().refine((v) => /^https?:\/\/[^\s]+$/.test(v), 'must be an http(s) URL');

const envSchema = z.object({
  PORT: optional(z.coerce.number().int().min(0).max(65535)).default(8080),
  HOST: optional(z.string()).default('0.0.0.0'),
  LISTEN_BACKLOG: optional(z.coerce.number().int().min(1).max(65535)).default(4096),
  DATABASE_URL: optional(postgresUrl),
  DATABASE_OWNER_URL: optional(postgresUrl),
  DATABASE_DIRECT_URL: optional(postgresUrl),
  DATABASE_REPLICA_URL: optional(postgresUrl),
  DATABASE_REPLICA_MAX_LAG_MS: optional(z.coerce.number().int().min(0)).default(5000),
  DATABASE_PREPARED_STATEMENTS: optional(z.enum(['true', 'false', '1', '0'])).default('true'),
  DATA_DIR: optional(z.string()).default('.data'),
  JWT_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  /** e.g. smtp://user:pass@smtp.example.id:587 — when absent, mail goes to the mail_outbox table. */
  SMTP_URL: optional(z.string().refine((v) => /^smtps?:\/\//.test(v), 'must start with smtp:// or smtps://')),
  MAIL_FROM: optional(z.string()).default('PSB <no-reply@psb.local>'),
  WHATSAPP_TOKEN: optional(z.string()),
  WHATSAPP_PHONE_NUMBER_ID: optional(z.string().regex(/^[0-9]+$/, 'must be the numeric phone-number id')),
  WHATSAPP_API_URL: optional(z.string().url()),
  /** Midtrans payment Server Key; without it the built-in simulator takes payments (nothing real is charged). */
  MIDTRANS_SERVER_KEY: optional(z.string().regex(/^\S+$/, 'must not contain spaces')),
  MIDTRANS_ENV: optional(z.enum(['sandbox', 'production'])).default('sandbox'),
  /** Iris (payouts) API key, from the Payouts dashboard. */
  MIDTRANS_IRIS_KEY: optional(z.string().regex(/^\S+$/, 'must not contain spaces')),
  /** Iris merchant key: Iris signs its payout notifications with it (Iris-Signature). */
  MIDTRANS_IRIS_MERCHANT_KEY: optional(z.string().regex(/^\S+$/, 'must not contain spaces')),
  /** Simulator only: POST notifications to this URL instead of this app's own notification route. */
  MIDTRANS_NOTIFICATION_URL: optional(httpUrl),
  /** Origin for links in e-mails; `{tenant}` is replaced by the tenant slug. Absent: taken from the request. */
  PUBLIC_URL: optional(httpUrl),
  SHELL_DIR: optional(z.string()),
  MFE_DIR: optional(z.string()),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])).default('info'),
  /** Extra origins (comma or space separated) allowed by the CSP, e.g. a CDN that serves remotes. */
  CSP_EXTRA_ORIGINS: optional(z.string()).default(''),
  /** Set when running behind a load balancer so the client IP (rate limits) comes from X-Forwarded-For. */
  TRUST_PROXY: optional(z.enum(['true', 'false', '1', '0'])).default('false'),
  TOKEN_TTL: optional(z.string().regex(/^\d+[smhd]$/, 'must look like 12h, 30m or 7d')).default('12h'),
  /** Connections of the request pool (per api instance). */
  DATABASE_POOL_MAX: optional(z.coerce.number().int().min(1).max(200)).default(10),
  /** Connections reserved for file exports, and how many exports may wait for one before getting a 503. */
  EXPORT_POOL_MAX: optional(z.coerce.number().int().min(1).max(50)).default(2),
  EXPORT_QUEUE_MAX: optional(z.coerce.number().int().min(0).max(1000)).default(20),
  LOGIN_PER_IP_PER_MINUTE: optional(z.coerce.number().int().min(1).max(100000)).default(20),
  REGISTER_PER_IP_PER_15_MIN: optional(z.coerce.number().int().min(1).max(100000)).default(50),
  /** How long the dashboard's answer is reused (ms); 0 computes every call (the bench's uncached figures). */
  DASHBOARD_CACHE_MS: optional(z.coerce.number().int().min(0).max(600000)).default(3000),
  /** Password hashes run at once (default: every core but one), how long one may wait, and how many may. */
  HASH_CONCURRENCY: optional(z.coerce.number().int().min(1).max(256)),
  HASH_QUEUE_WAIT_MS: optional(z.coerce.number().int().min(0).max(60_000)).default(
    DEFAULT_HASH_POOL.maxWaitMs,
  ),
  HASH_QUEUE_MAX: optional(z.coerce.number().int().min(0).max(100_000)).default(DEFAULT_HASH_POOL.queueMax),
  /** On SIGTERM/SIGINT, how long in-flight requests may take to finish before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: optional(z.coerce.number().int().min(0).max(600_000)).default(15_000),
  /** Tenant served for localhost, IP addresses and single-label host names. */
  DEFAULT_TENANT: optional(
    z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'must be a tenant slug (a-z, 0-9, -)'),
  ).default('demo'),
  /** Seed the demo tenant (known passwords) against DATABASE_URL too; always seeded on the embedded default. */
  SEED_DEMO: optional(z.enum(['true', 'false', '1', '0'])).default('false'),
});

export interface Config {
  rootDir: string;
  port: number;
  host: string;
  /**
   * Connections the kernel holds for the server while it accepts earlier ones. Node's own 511 drops the
   * rest of a crowd's opening connections, which then retry after 1, 3, 7 s: the whole results-day minute.
   */
  listenBacklog: number;
  databaseUrl: string | undefined;
  /**
   * Migrations and seeds (the schema's owner). When given, DATABASE_URL is the runtime connection as it is
   * (e.g. psb_runtime through PgBouncer); without it, DATABASE_URL is both and the runtime pool switches to
   * psb_app with a startup option.
   */
  databaseOwnerUrl: string | undefined;
  /** A direct connection (no transaction pooler) for LISTEN and pg-boss; default the owner's, else DATABASE_URL. */
  databaseDirectUrl: string | undefined;
  /** A streaming replica (same login as DATABASE_URL) for reports, the dashboard and big exports. */
  databaseReplicaUrl: string | undefined;
  /** Reads leave the replica for the primary while it lags more than this. */
  databaseReplicaMaxLagMs: number;
  /** Named prepared statements on the runtime pools; false behind PgBouncer 1.18 in transaction mode. */
  databasePreparedStatements: boolean;
  dataDir: string;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** WhatsApp Business Cloud API; without token and phone-number id the built-in simulator answers. */
  whatsapp: { token: string | undefined; phoneNumberId: string | undefined; apiUrl: string | undefined };
  /** Midtrans; without a server key the built-in simulator (keys from DATA_DIR/secrets.json) answers. */
  midtrans: MidtransConfig;
  publicUrl: string | undefined;
  shellDir: string;
  mfeDir: string;
  logLevel: string;
  cspExtraOrigins: string[];
  trustProxy: boolean;
  tokenTtl: string;
  databasePoolMax: number;
  exportPoolMax: number;
  exportQueueMax: number;
  /** Sign-in attempts one address may make per minute (a school's shared connection may need more). */
  loginPerIpPerMinute: number;
  /** New accounts one address may open per 15 minutes (a school's shared connection may need more). */
  registerPerIp: number;
  dashboardCacheMs: number;
  hashPool: HashPoolOptions;
  shutdownTimeoutMs: number;
  defaultTenant: string;
  seedDemo: boolean;
}

export class ConfigError extends Error {}

/** Secrets generated on first start and kept under DATA_DIR, so a fresh start needs no configuration. */
export interface Secrets {
  jwtSecret: string;
  /** Password of the embedded PostgreSQL superuser (the cluster only listens on localhost). */
  pgPassword: string;
  /** Server key of the built-in Midtrans simulator (used when MIDTRANS_SERVER_KEY is not set). */
  midtransSimulatorKey: string;
}

export function loadSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (fs.existsSync(file)) {
    try {
      stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Secrets>;
    } catch {
      throw new ConfigError(`${file} is not valid JSON; fix or delete it (a new one is generated).`);
    }
  }
  const secrets: Secrets = {
    jwtSecret: stored.jwtSecret ?? crypto.randomBytes(48).toString('base64url'),
    pgPassword: stored.pgPassword ?? crypto.randomBytes(18).toString('base64url'),
    midtransSimulatorKey:
      stored.midtransSimulatorKey ?? `SB-Mid-server-${crypto.randomBytes(18).toString('base64url')}`,
  };
  if ((Object.keys(secrets) as (keyof Secrets)[]).some((k) => secrets[k] !== stored[k])) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  }
  return secrets;
}

/** Reads and validates the environment; throws ConfigError with one line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = String(i.path[0] ?? '?');
      return `  ${name}=${JSON.stringify(env[name] ?? '')}: ${i.message}`;
    });
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const rootDir = findRepoRoot();
  const dataDir = path.resolve(rootDir, e.DATA_DIR);
  const jwtSecret = e.JWT_SECRET ?? loadSecrets(dataDir).jwtSecret;
  return {
    rootDir,
    port: e.PORT,
    host: e.HOST,
    listenBacklog: e.LISTEN_BACKLOG,
    databaseUrl: e.DATABASE_URL,
    databaseOwnerUrl: e.DATABASE_OWNER_URL,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    databaseReplicaUrl: e.DATABASE_REPLICA_URL,
    databaseReplicaMaxLagMs: e.DATABASE_REPLICA_MAX_LAG_MS,
    databasePreparedStatements:
      e.DATABASE_PREPARED_STATEMENTS === 'true' || e.DATABASE_PREPARED_STATEMENTS === '1',
    dataDir,
    jwtSecret,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    whatsapp: {
      token: e.WHATSAPP_TOKEN,
      phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
      apiUrl: e.WHATSAPP_API_URL,
    },
    midtrans: {
      serverKey: e.MIDTRANS_SERVER_KEY,
      env: e.MIDTRANS_ENV,
      irisKey: e.MIDTRANS_IRIS_KEY,
      irisMerchantKey: e.MIDTRANS_IRIS_MERCHANT_KEY,
      notificationUrl: e.MIDTRANS_NOTIFICATION_URL,
      simulatorServerKey: e.MIDTRANS_SERVER_KEY ? undefined : loadSecrets(dataDir).midtransSimulatorKey,
    },
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    shellDir: path.resolve(rootDir, e.SHELL_DIR ?? 'dist/shell'),
    mfeDir: path.resolve(rootDir, e.MFE_DIR ?? 'dist/mfe'),
    logLevel: e.LOG_LEVEL,
    cspExtraOrigins: e.CSP_EXTRA_ORIGINS.split(/[\s,]+/).filter(Boolean),
    trustProxy: e.TRUST_PROXY === 'true' || e.TRUST_PROXY === '1',
    tokenTtl: e.TOKEN_TTL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    exportPoolMax: e.EXPORT_POOL_MAX,
    exportQueueMax: e.EXPORT_QUEUE_MAX,
    loginPerIpPerMinute: e.LOGIN_PER_IP_PER_MINUTE,
    registerPerIp: e.REGISTER_PER_IP_PER_15_MIN,
    dashboardCacheMs: e.DASHBOARD_CACHE_MS,
    hashPool: {
      concurrency: e.HASH_CONCURRENCY ?? DEFAULT_HASH_POOL.concurrency,
      maxWaitMs: e.HASH_QUEUE_WAIT_MS,
      queueMax: e.HASH_QUEUE_MAX,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    defaultTenant: e.DEFAULT_TENANT,
    seedDemo: e.SEED_DEMO === 'true' || e.SEED_DEMO === '1',
  };
}
