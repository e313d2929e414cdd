import path from 'node:path';
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
  type RouteOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import './types';
import type { Config } from './config';
import {
  type AppContext,
  DEFAULT_DELIVERY,
  DEFAULT_LIMITS,
  type DeliveryOptions,
  type Limits,
} from './context';
import type { Pool } from './db/pool';
import type { Replica } from './db/replica';
import { createMailer, type MailAdapter } from './integrations/mail';
import { createPayments, type MidtransSimulator, midtransSimulatorRoutes } from './integrations/midtrans';
import { SIMULATOR_PREFIX } from './integrations/midtrans/simulator';
import { createSchoolDirectory } from './integrations/school-directory';
import { createStorage } from './integrations/storage';
import { createWhatsApp, type WhatsAppSimulator } from './integrations/whatsapp';
import { createJobRuntime, inertJobRuntime } from './jobs/runtime';
import { createHasher, type PasswordHasher } from './lib/password';
import { findRepoRoot } from './lib/root';
import { registerRoutes } from './modules';
import { createFirstView } from './modules/public';
import auth from './plugins/auth';
import docs from './plugins/docs';
import errors from './plugins/errors';
import health from './plugins/health';
import permissions from './plugins/permissions';
import rateLimit from './plugins/rate-limit';
import security from './plugins/security';
import staticFiles, { spaFallback } from './plugins/static';
import tenant from './plugins/tenant';
import waitingRoom from './plugins/waiting-room';

export const API_PREFIX = '/api/v1';
export const API_VERSION = '0.1.3';
/** Where the migration files live, relative to the repository root (in the source tree and in the image). */
export const MIGRATIONS_DIR = 'api/src/db/migrations';

// zod's built-in messages (for fields whose schema gives none) in Indonesian, like ours.
z.config(z.locales.id());

export interface AppDeps {
  config: Pick<
    Config,
    | 'jwtSecret'
    | 'tokenTtl'
    | 'publicUrl'
    | 'shellDir'
    | 'mfeDir'
    | 'cspExtraOrigins'
    | 'trustProxy'
    | 'smtpUrl'
    | 'mailFrom'
  > &
    Partial<Pick<Config, 'port' | 'defaultTenant' | 'whatsapp' | 'midtrans'>>;
  /** Runtime pool (connections run as psb_app, subject to row-level security). */
  pool: Pool;
  /** Pool of direct connections for LISTEN (DATABASE_DIRECT_URL; default: `pool`). */
  directPool?: Pool;
  /** A streaming replica for reports, their exports, the dashboard and big exports (DATABASE_REPLICA_URL). */
  replica?: Replica;
  /** Connections for file exports (default: `pool`) and how many exports may queue for one (default 20). */
  exportPool?: Pool;
  exportQueueMax?: number;
  /** Migration files this build ships, for GET /readyz (default: api/src/db/migrations in the repository). */
  migrationsDir?: string;
  mailer?: MailAdapter;
  /**
   * Background jobs run on pg-boss in this database (the login user's connection string); without it no job
   * runs (messages wait in the outbox). Stopped when the app closes, after the running jobs finished.
   */
  jobs?: { databaseUrl: string; pollingIntervalSeconds?: number; log?: (message: string) => void };
  /** The WhatsApp simulator to answer when no Cloud API is configured (tests share one between apps). */
  whatsappSimulator?: WhatsAppSimulator;
  /** The Midtrans simulator to answer when no server key is configured (tests keep it to await notifications). */
  midtransSimulator?: MidtransSimulator;
  /** How long the parent's payment long poll waits (default 25 s; tests shorten it). */
  paymentWaitMs?: number;
  delivery?: Partial<DeliveryOptions>;
  hasher?: PasswordHasher;
  limits?: Partial<Limits>;
  /** Told of every route as it is added (the route index records where each one is declared). */
  onRoute?: (route: RouteOptions) => void;
  /** Default 2000 ms. */
  firstPageCacheMs?: number;
  /** Default 3000 ms (0 in tests that change figures and read the dashboard again). */
  dashboardCacheMs?: number;
  logger?: FastifyServerOptions['logger'];
}

const logLevel = (logger: AppDeps['logger']) =>
  typeof logger === 'object' && logger && 'level' in logger ? String(logger.level) : 'info';

/** Builds the Fastify app without listening (server.ts listens; tests use app.inject). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, pool } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    // Per-request log lines cost much of the throughput of a cheap route; they appear at LOG_LEVEL=debug.
    // Errors are logged by the errors plugin either way.
    logController: new LogController({
      disableRequestLogging: !['debug', 'trace'].includes(logLevel(deps.logger)),
    }),
    // JSON bodies of this api are small; anything larger is refused with 413.
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const payments = createPayments(config.midtrans ?? {}, deps.midtransSimulator);
  const ctx: AppContext = {
    config,
    pool,
    directPool: deps.directPool ?? pool,
    exports: {
      pool: deps.exportPool ?? pool,
      maxWaiting: deps.exportQueueMax ?? 20,
      replica: deps.replica ?? null,
    },
    mailer: deps.mailer ?? createMailer({ pool, smtpUrl: config.smtpUrl, from: config.mailFrom }),
    hasher: deps.hasher ?? createHasher(),
    limits: { ...DEFAULT_LIMITS, ...deps.limits },
    firstPageCacheMs: deps.firstPageCacheMs ?? 2000,
    dashboardCacheMs: deps.dashboardCacheMs ?? 3000,
    jobs: deps.jobs
      ? createJobRuntime({
          databaseUrl: deps.jobs.databaseUrl,
          pool,
          ...(deps.jobs.pollingIntervalSeconds
            ? { pollingIntervalSeconds: deps.jobs.pollingIntervalSeconds }
            : {}),
          log: deps.jobs.log ?? ((m) => app.log.warn(m)),
        })
      : inertJobRuntime(),
    whatsapp: createWhatsApp(config.whatsapp ?? {}, deps.whatsappSimulator).adapter,
    payments: payments.gateway,
    delivery: { ...DEFAULT_DELIVERY, ...deps.delivery },
  };
  app.decorate('ctx', ctx);

  await app.register(errors, { spaFallback: spaFallback(config) });
  await app.register(health, {
    pool,
    migrationsDir: deps.migrationsDir ?? path.join(findRepoRoot(), MIGRATIONS_DIR),
  });
  await app.register(security, { extraOrigins: config.cspExtraOrigins });
  await app.register(docs, { version: API_VERSION });
  await app.register(tenant, { pool, replica: deps.replica ?? null, defaultTenant: config.defaultTenant });
  await app.register(auth, { secret: config.jwtSecret, tokenTtl: config.tokenTtl });
  await app.register(permissions);
  await app.register(rateLimit, { pool });
  await app.register(waitingRoom, { secret: config.jwtSecret });

  // One storage (STORAGE_DRIVER, STORAGE_DIR, DATA_DIR) and one NPSN lookup (SCHOOL_DIRECTORY_URL, else the
  // offline fixture) for every route that needs them.
  const routeDeps = {
    storage: createStorage(),
    directory: createSchoolDirectory(process.env, (err) => app.log.warn({ err }, 'NPSN lookup failed')),
    ...(deps.paymentWaitMs ? { paymentWaitMs: deps.paymentWaitMs } : {}),
  };
  await app.register((api) => registerRoutes(api, routeDeps), { prefix: API_PREFIX });

  if (payments.simulator) {
    payments.simulator.attach(app, pool);
    await app.register(midtransSimulatorRoutes, { simulator: payments.simulator, prefix: SIMULATOR_PREFIX });
  }

  await app.register(staticFiles, {
    shellDir: config.shellDir,
    mfeDir: config.mfeDir,
    firstView: createFirstView(ctx.firstPageCacheMs),
  });
  // Jobs start once every module defined its handlers, and stop (running ones finish) before the pools close.
  app.addHook('onReady', () => ctx.jobs.start());
  app.addHook('onClose', () => ctx.jobs.stop());
  return app;
}

/** Every /api route with its access declaration (after `ready()`). */
export const listRouteAccess = (app: FastifyInstance) => app.routeAccess;
