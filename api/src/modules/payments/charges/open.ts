import { BILL_MSG, type ChargeView } from '@psb/contracts';
import { sql } from 'kysely';
import { type SchoolScope, withTenantTx } from '../../../db/tenant-db';
import { ProviderError, type ProviderOrder } from '../../../integrations/midtrans/types';
import { HttpError } from '../../../lib/http-error';
import { applyProviderOrder } from '../settle';
import { type RecordedAttempt, recordAttempt } from './attempt';
import { closeAtProvider } from './close';
import { prepareInstallment } from './installment';
import type { ChargeRequest, ChargeTarget, PaymentDeps, PrepareCharge } from './types';
import { chargeById } from './view';

/** Opens (or returns the still-open) charge for an installment. */
export function openCharge(deps: PaymentDeps, tenantId: number, scope: SchoolScope, t: ChargeTarget) {
  return openChargeFor(deps, tenantId, scope, (c) => prepareInstallment(c, t));
}

/**
 * Opens a charge for whatever `prepare` describes. Checking for an open charge and recording the attempt are
 * one transaction under the subject's row lock, and the attempt is committed before the provider is called,
 * so a crash in between leaves a `creating` row that the reconciler settles by asking the provider. Requests
 * at once (a double tap) therefore make one attempt: the others find it and wait for the provider's answer
 * to it, and all answer with the same charge. An open charge on another channel, or past its expiry, is
 * closed first.
 */
export async function openChargeFor(
  deps: PaymentDeps,
  tenantId: number,
  scope: SchoolScope,
  prepare: PrepareCharge,
): Promise<ChargeView> {
  for (let round = 0; ; round++) {
    const step = await withTenantTx(
      deps.pool,
      tenantId,
      async (c) => {
        const p = await prepare(c);
        if ('existing' in p || p.close) return p;
        return { ...(await recordAttempt(c, p)), request: p };
      },
      scope,
    ).catch((err: unknown) => {
      // Another request recorded its attempt first (a subject its preparer does not lock): use that one.
      if (isOneOpenChargeRace(err) && round < MAX_ROUNDS) return 'again' as const;
      throw err;
    });
    if (step === 'again') continue;
    if ('existing' in step) {
      if (step.existing.status !== 'creating') return step.existing;
      const answered = await answerOf(deps, tenantId, scope, step.existing.id);
      if (answered.status !== 'error' || round >= MAX_ROUNDS) return answered;
      continue; // that attempt was refused: make a new one
    }
    if ('close' in step && step.close) {
      if (round >= MAX_ROUNDS) throw new HttpError(409, STILL_CREATING);
      await closeAtProvider(deps, tenantId, scope, step.close);
      continue;
    }
    const recorded = step as RecordedAttempt & { request: ChargeRequest };
    const order = await chargeAtProvider(deps, tenantId, scope, recorded, recorded.request);
    await withTenantTx(deps.pool, tenantId, (c) => applyProviderOrder(c, order, 'charge'), scope);
    return chargeById(deps.pool, tenantId, scope, recorded.id);
  }
}

const MAX_ROUNDS = 3;
const STILL_CREATING = 'Nomor pembayaran sedang dibuat. Silakan tunggu sebentar lalu muat ulang.';
/** How long a second request waits for the provider's answer to the first (the gateway gives up at 10 s). */
const WAIT_MS = 12_000;
const POLL_MS = 100;

const isOneOpenChargeRace = (err: unknown) =>
  (err as { code?: string; constraint?: string } | null)?.code === '23505' &&
  (err as { constraint?: string }).constraint === 'payment_charges_one_open_key';

/** The charge once the provider has answered for it (another request is asking); 409 if that takes too long. */
async function answerOf(deps: PaymentDeps, tenantId: number, scope: SchoolScope, id: number) {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    const view = await chargeById(deps.pool, tenantId, scope, id);
    if (view.status !== 'creating') return view;
    if (Date.now() > until) throw new HttpError(409, STILL_CREATING);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Asks the provider for a recorded attempt. A refusal closes the attempt (502); an unknown outcome leaves it
 * `creating` for the reconciler, which asks the provider and finishes it (503).
 */
export async function chargeAtProvider(
  deps: PaymentDeps,
  tenantId: number,
  scope: SchoolScope,
  recorded: RecordedAttempt,
  p: ChargeRequest,
): Promise<ProviderOrder> {
  try {
    return await deps.gateway.charge({
      orderId: recorded.order_id,
      grossAmount: recorded.gross,
      channel: p.channel,
      customVaNumber: p.customVa,
      expiry: { orderTime: new Date(), minutes: p.expiryHours * 60 },
      customer: p.customer,
      items: [
        ...p.items.map((i) => ({ ...i, name: i.name.slice(0, 50) })),
        ...(recorded.fee > 0 ? [{ id: 'fee', name: 'Biaya Admin', price: recorded.fee, quantity: 1 }] : []),
      ],
    });
  } catch (err) {
    if (err instanceof ProviderError && !err.uncertain) {
      await withTenantTx(
        deps.pool,
        tenantId,
        (c) =>
          c.db
            .updateTable('payment_charges')
            .set({ status: 'error', error_message: err.message.slice(0, 500), updated_at: sql<Date>`now()` })
            .where('tenant_id', '=', tenantId)
            .where('id', '=', recorded.id)
            .where('status', '=', 'creating')
            .execute(),
        scope,
      );
      throw new HttpError(502, `Penyedia pembayaran menolak permintaan: ${err.message}`);
    }
    // Unknown outcome: the row stays `creating`; the reconciler asks the provider and finishes it.
    throw new HttpError(503, BILL_MSG.providerDown);
  }
}
