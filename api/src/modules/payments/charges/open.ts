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
 * Opens a charge for whatever `prepare` describes: the attempt is written and committed before the provider is
 * called, so a crash in between leaves a `creating` row that the reconciler settles by asking the provider.
 * An open charge on another channel, or past its expiry, is closed first.
 */
export async function openChargeFor(
  deps: PaymentDeps,
  tenantId: number,
  scope: SchoolScope,
  prepare: PrepareCharge,
): Promise<ChargeView> {
  const first = await withTenantTx(deps.pool, tenantId, prepare, scope);
  if ('existing' in first) return first.existing;
  if (first.close) await closeAtProvider(deps, tenantId, scope, first.close);
  const recorded = await withTenantTx(
    deps.pool,
    tenantId,
    async (c) => {
      const p = first.close ? await prepare(c) : first;
      if ('existing' in p) return p;
      return { ...(await recordAttempt(c, p)), request: p };
    },
    scope,
  );
  if ('existing' in recorded) return recorded.existing;
  const order = await chargeAtProvider(deps, tenantId, scope, recorded, recorded.request);
  return withTenantTx(deps.pool, tenantId, (c) => applyProviderOrder(c, order, 'charge'), scope).then(() =>
    chargeById(deps.pool, tenantId, scope, recorded.id),
  );
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
