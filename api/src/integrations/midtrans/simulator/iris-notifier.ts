import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { MidtransSimulatorPayouts } from '../../../db/generated/database';
import { irisSignature } from '../signature';

type PayoutRow = Selectable<MidtransSimulatorPayouts>;

export const DEFAULT_IRIS_NOTIFICATION_PATH = '/api/v1/us/iris_notification';
const REPLY_TIMEOUT_MS = 15_000;
/** Iris documents no retry schedule; the simulator tries a few times, a little apart (on the time scale). */
const RETRY_MS = [60_000, 300_000, 900_000];

export interface IrisNotifierOptions {
  app: () => FastifyInstance;
  /** A URL over HTTP, or a path of this app through app.inject. */
  target: { url: string } | { path: string };
  merchantKey: string;
  timeScale: () => number;
  log: (message: string) => void;
}

/** The body Iris POSTs when a payout's status changes. Failures carry an error code and message. */
export function irisNotificationBody(p: PayoutRow) {
  return {
    reference_no: p.reference_no,
    amount: `${p.amount}.00`,
    status: p.status,
    updated_at: p.updated_at.toISOString(),
    ...(p.status === 'failed'
      ? { error_code: '002', error_message: 'Beneficiary account is not valid or closed' }
      : {}),
  };
}

/**
 * Iris' payout notifications (`Iris-Signature: SHA512_hex(raw body + merchant key)`), sent off the request path.
 * Work that leads to notifications (the bank moving approved payouts on) is tracked too, so `idle()` waits for
 * everything the simulator still has to say.
 */
export function createIrisNotifier(opts: IrisNotifierOptions) {
  const running = new Set<Promise<unknown>>();

  async function post(body: string): Promise<number | null> {
    const headers = {
      'content-type': 'application/json',
      'iris-signature': irisSignature(body, opts.merchantKey),
    };
    try {
      if ('path' in opts.target) {
        const res = await opts
          .app()
          .inject({ method: 'POST', url: opts.target.path, headers, payload: body });
        return res.statusCode;
      }
      const res = await fetch(opts.target.url, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(REPLY_TIMEOUT_MS),
      });
      await res.body?.cancel();
      return res.status;
    } catch (err) {
      opts.log(`Iris simulator: notification not delivered: ${err instanceof Error ? err.message : err}`);
      return null;
    }
  }

  async function deliver(body: string) {
    for (let retry = 0; ; retry++) {
      const status = await post(body);
      if (status !== null && status >= 200 && status < 300) return;
      const wait = RETRY_MS[retry];
      if (wait === undefined) return;
      await new Promise((r) => setTimeout(r, wait * opts.timeScale()).unref());
    }
  }

  const notifier = {
    track<T>(work: Promise<T>): Promise<T> {
      running.add(work);
      void work.catch(() => undefined).finally(() => running.delete(work));
      return work;
    },
    /** Sends the payout's current status. */
    send(p: PayoutRow) {
      void notifier.track(deliver(JSON.stringify(irisNotificationBody(p))));
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
  return notifier;
}

export type IrisNotifier = ReturnType<typeof createIrisNotifier>;
