import type { Channel } from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import { chargeView } from './view';

/** The open charge of a subject (`where` picks it), still good on `channel`, or what to close first. */
export async function openChargeOf(
  c: TenantConn,
  where: { installmentId: number } | { purpose: 'voucher' | 'order'; subjectId: number },
) {
  let q = c.db
    .selectFrom('payment_charges')
    .select(OPEN_CHARGE_COLUMNS)
    .where('tenant_id', '=', c.tenantId)
    .where('status', 'in', ['creating', 'pending']);
  q =
    'installmentId' in where
      ? q.where('installment_id', '=', where.installmentId)
      : q.where('purpose', '=', where.purpose).where('subject_id', '=', where.subjectId);
  return openChargeFrom(c, await q.orderBy('id', 'desc').executeTakeFirst());
}

export const OPEN_CHARGE_COLUMNS = ['id', 'order_id', 'channel', 'status', 'expires_at'] as const;
type OpenCharge = {
  id: string | number;
  order_id: string;
  channel: Channel;
  status: string;
  expires_at: Date | null;
};

export function openChargeFrom(c: TenantConn, open: OpenCharge | undefined) {
  return {
    open,
    /**
     * The still-good charge on `channel`, or null. An attempt still being created (a second tap while the
     * first waits for the provider) is returned as it is: `openChargeFor` waits for its answer.
     */
    async reuse(channel: Channel) {
      if (open?.status === 'creating') return chargeView(c, Number(open.id));
      if (
        open &&
        open.status === 'pending' &&
        open.channel === channel &&
        open.expires_at &&
        open.expires_at > new Date()
      )
        return chargeView(c, Number(open.id));
      return null;
    },
  };
}
