import type { Channel } from '@psb/contracts';
import type { Pool } from '../../../db/pool';
import { type SchoolScope, type TenantConn, withTenantTx } from '../../../db/tenant-db';

export function chargeById(pool: Pool, tenantId: number, scope: SchoolScope, id: number) {
  return withTenantTx(pool, tenantId, (c) => chargeView(c, id), scope);
}

export const CHARGE_COLUMNS = [
  'id',
  'order_id',
  'channel',
  'status',
  'amount',
  'fee_amount',
  'gross_amount',
  'va_number',
  'biller_code',
  'bill_key',
  'qr_string',
  'expires_at',
  'settled_at',
  'reported_amount',
  'flag',
] as const;

export async function chargeView(c: TenantConn, id: number) {
  const r = await c.db
    .selectFrom('payment_charges')
    .select(CHARGE_COLUMNS)
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return toChargeView(r);
}

type ChargeRow = {
  id: string | number;
  order_id: string;
  channel: Channel;
  status: string;
  amount: string | number;
  fee_amount: string | number;
  gross_amount: string | number | null;
  va_number: string | null;
  biller_code: string | null;
  bill_key: string | null;
  qr_string: string | null;
  expires_at: Date | null;
  settled_at: Date | null;
  reported_amount: string | number | null;
  flag: string | null;
};

export function toChargeView(r: ChargeRow) {
  const expired =
    r.status === 'expire' || (r.status === 'pending' && !!r.expires_at && r.expires_at <= new Date());
  return {
    id: Number(r.id),
    order_id: r.order_id,
    channel: r.channel,
    status: r.status,
    amount: Number(r.amount),
    fee_amount: Number(r.fee_amount),
    gross_amount: Number(r.gross_amount),
    va_number: r.va_number,
    biller_code: r.biller_code,
    bill_key: r.bill_key,
    qr_string: r.qr_string,
    expires_at: r.expires_at?.toISOString() ?? null,
    settled_at: r.settled_at?.toISOString() ?? null,
    is_expired: expired,
    // What an open-amount VA actually received when it was not the amount asked, so the parent sees it.
    received_amount:
      r.flag === 'amount_mismatch' && r.reported_amount !== null ? Number(r.reported_amount) : null,
  };
}
