import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type Db, kyselyOnPool } from '../../../db/kysely';
import type { Pool } from '../../../db/pool';
import { injectTransport, type MidtransTransport } from '../transport';
import { expireDue } from './events';
import { createIrisNotifier, DEFAULT_IRIS_NOTIFICATION_PATH, type IrisNotifier } from './iris-notifier';
import {
  createNotifier,
  DEFAULT_NOTIFICATION_PATH,
  type NotificationTarget,
  type Notifier,
} from './notifier';

export { RETRY_MINUTES, retriesFor, retryDelayMs } from './notifier';

/** Placeholder origin of the simulator's Core API and Iris: requests to it never leave the process. */
export const SIMULATOR_PREFIX = '/simulator/midtrans';
export const SIMULATOR_CORE_URL = `http://midtrans.simulator${SIMULATOR_PREFIX}`;
export const SIMULATOR_IRIS_URL = `${SIMULATOR_CORE_URL}/iris/api/v1`;

export interface MidtransSimulatorOptions {
  /** The key charges must authenticate with (default: random). */
  serverKey?: string | undefined;
  irisKey?: string | undefined;
  /** The Iris merchant key the payout notifications are signed with (default: random). */
  irisMerchantKey?: string | undefined;
  /** Iris payout notifications go here over HTTP; default: in-process to POST /api/v1/us/iris_notification. */
  irisNotificationUrl?: string | undefined;
  /**
   * Whether the bank side moves an approved payout on by itself (approved → processed → completed), as it does
   * at Iris (default true). Off, only `POST …/payouts/{ref}/advance` moves it.
   */
  processPayouts?: boolean | undefined;
  /** Notifications go here over HTTP; default: in-process to POST /api/v1/us/midtrans_notification. */
  notificationUrl?: string | undefined;
  /** Another in-process path for notifications (tests). */
  notificationPath?: string | undefined;
  /** Multiplies the retry schedule: 1 = Midtrans' minutes; tests use e.g. 0.00001. */
  timeScale?: number | undefined;
  /** Send a `pending` notification after each charge, as Midtrans does (default true). */
  notifyOnCharge?: boolean | undefined;
  /**
   * How often (ms) the simulator expires due orders and resends due notifications on its own, like Midtrans
   * (expiry notifications arrive unasked; retries survive a restart). Default 30 s; 0 turns it off.
   */
  sweepMs?: number | undefined;
  /**
   * Banks whose VAs take whatever the payer sends (Midtrans' "open amount", a per-merchant setting; default
   * BNI). Every other VA, Mandiri bill and QRIS is closed: the pay page refuses any other amount, as banks do.
   */
  openAmountBanks?: readonly string[] | undefined;
}

/**
 * The stand-in for Midtrans: its routes live in this app under /simulator/midtrans, its state in PostgreSQL.
 * The app attaches itself when it registers the routes; tests keep the handle to await notifications.
 */
export interface MidtransSimulator {
  readonly serverKey: string;
  readonly irisKey: string;
  readonly irisMerchantKey: string;
  readonly notifyOnCharge: boolean;
  readonly processPayouts: boolean;
  readonly openAmountBanks: readonly string[];
  timeScale: number;
  /** Requests of the gateway, answered by the attached app's simulator routes. */
  readonly transport: MidtransTransport;
  attach(app: FastifyInstance, pool: Pool): void;
  /** Resolves once every notification was answered or gave up (retries included, on the time scale). */
  idle(): Promise<void>;
  /** @internal used by the routes */
  readonly notifier: Notifier;
  readonly iris: IrisNotifier;
  readonly db: Db;
}

export function createMidtransSimulator(options: MidtransSimulatorOptions = {}): MidtransSimulator {
  let app: FastifyInstance | null = null;
  let db: Db | null = null;
  const attached = () => {
    if (!app) throw new Error('Midtrans simulator is not attached to an app yet.');
    return app;
  };
  const target: NotificationTarget = options.notificationUrl
    ? { url: options.notificationUrl }
    : { path: options.notificationPath ?? DEFAULT_NOTIFICATION_PATH };
  const irisMerchantKey =
    options.irisMerchantKey ?? `IRIS-MERCHANT-${crypto.randomBytes(18).toString('base64url')}`;
  const sim: MidtransSimulator = {
    serverKey: options.serverKey ?? `SB-Mid-server-${crypto.randomBytes(18).toString('base64url')}`,
    irisKey: options.irisKey ?? `IRIS-${crypto.randomBytes(18).toString('base64url')}`,
    irisMerchantKey: irisMerchantKey,
    notifyOnCharge: options.notifyOnCharge ?? true,
    processPayouts: options.processPayouts ?? true,
    openAmountBanks: options.openAmountBanks ?? ['bni'],
    timeScale: options.timeScale ?? 1,
    transport: injectTransport(attached),
    notifier: createNotifier({
      db: () => sim.db,
      app: attached,
      target,
      timeScale: () => sim.timeScale,
      log: (m) => app?.log.warn(m),
    }),
    iris: createIrisNotifier({
      app: attached,
      target: options.irisNotificationUrl
        ? { url: options.irisNotificationUrl }
        : { path: DEFAULT_IRIS_NOTIFICATION_PATH },
      merchantKey: irisMerchantKey,
      timeScale: () => sim.timeScale,
      log: (m) => app?.log.warn(m),
    }),
    get db() {
      if (!db) throw new Error('Midtrans simulator is not attached to an app yet.');
      return db;
    },
    attach(a, pool) {
      app = a;
      db = kyselyOnPool(pool);
      let sweeper: NodeJS.Timeout | undefined;
      let sweeping: Promise<void> = Promise.resolve();
      let busy = false;
      const sweep = async () => {
        if (busy) return;
        busy = true;
        try {
          await expireDue(sim);
          await sim.notifier.resumeDue();
        } catch (err) {
          a.log.warn({ err }, 'Midtrans simulator sweep failed');
        } finally {
          busy = false;
        }
      };
      a.addHook('onReady', async () => {
        const every = options.sweepMs ?? 30_000;
        if (every <= 0) return;
        sweeper = setInterval(() => {
          sweeping = sweep();
        }, every);
        sweeper.unref();
      });
      a.addHook('onClose', async () => {
        clearInterval(sweeper);
        await sweeping;
        sim.notifier.close();
        await sim.notifier.idle();
        await sim.iris.idle();
      });
    },
    idle: async () => {
      // Payout work may lead to notifications and the other way round; wait until both are quiet.
      await sim.iris.idle();
      await sim.notifier.idle();
    },
  };
  return sim;
}
