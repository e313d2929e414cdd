import { BILL_MSG } from '@psb/contracts';
import { sql } from 'kysely';
import { type SchoolScope, withTenantTx } from '../../../db/tenant-db';
import { ProviderError, type ProviderOrder } from '../../../integrations/midtrans/types';
import { HttpError } from '../../../lib/http-error';
import { applyProviderOrder } from '../settle';
import type { PaymentDeps } from './types';

/**
 * Closes an open order at the provider before another is opened (a paid one is applied instead; the preparer,
 * run again, then refuses). Also used when a parent cancels a purchase.
 */
export async function closeAtProvider(
  deps: PaymentDeps,
  tenantId: number,
  scope: SchoolScope,
  orderId: string,
) {
  let order: ProviderOrder | null;
  try {
    order = await deps.gateway.cancel(orderId);
  } catch (err) {
    if (!(err instanceof ProviderError) || err.uncertain) throw new HttpError(503, BILL_MSG.providerDown);
    // Refused (e.g. already paid or expired there): what the provider knows now decides.
    order = await deps.gateway.status(orderId).catch(() => {
      throw new HttpError(503, BILL_MSG.providerDown);
    });
  }
  await withTenantTx(
    deps.pool,
    tenantId,
    async (c) => {
      if (order) await applyProviderOrder(c, order, 'charge');
      else
        await c.db
          .updateTable('payment_charges')
          .set({ status: 'cancel', updated_at: sql<Date>`now()` })
          .where('tenant_id', '=', tenantId)
          .where('order_id', '=', orderId)
          .where('status', 'in', ['creating', 'pending'])
          .execute();
    },
    scope,
  );
}
