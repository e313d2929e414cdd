import type { Selectable } from 'kysely';
import type { PaymentInbox } from '../../db/generated/database';
import type { TenantConn } from '../../db/tenant-db';
import type { MidtransNotificationBody, ProviderOrder } from '../../integrations/midtrans/types';
import { PAID_TEXTS } from './messages';
import type { ApplyOutcome } from './settle';

export type InboxOutcome = ApplyOutcome | 'duplicate' | 'unconfirmed';

/** A claimed inbox row: its columns as the database has them, the stored body as the provider sent it. */
export type ClaimedNotification = Pick<Selectable<PaymentInbox>, 'id' | 'order_id' | 'transaction_status'> & {
  body: MidtransNotificationBody;
};

/**
 * payment_notifications_fast (migration 0047), described once: its per-item parameters (arrays, one value per
 * notification, passed by name so their order cannot slip) and the row it returns for each item, numbered from
 * 1 in the order given. 'fallback' means the item was left untouched for the general path.
 */
const PER_ITEM = {
  p_order_ids: (r) => r.body.order_id,
  p_statuses: (r) => r.body.transaction_status,
  p_status_codes: (r) => r.body.status_code,
  p_gross_texts: (r) => r.body.gross_amount,
  p_gross: (_, o) => (Number.isSafeInteger(o.grossAmount) ? o.grossAmount : null),
  p_bodies: (r) => JSON.stringify(r.body),
  p_transaction_ids: (_, o) => o.transactionId || null,
  p_va_numbers: (_, o) => o.vaNumber || null,
  p_bill_keys: (_, o) => o.billKey || null,
  p_biller_codes: (_, o) => o.billerCode ?? null,
  p_qr_strings: (_, o) => o.qrString || null,
  p_expires_at: (_, o) => o.expiresAt ?? null,
  p_settled_at: (_, o) => o.settledAt ?? o.transactionTime ?? new Date(),
} satisfies Record<string, (r: ClaimedNotification, o: ProviderOrder) => unknown>;

interface FastPathRow {
  item: number;
  outcome: InboxOutcome | 'fallback';
  registrant_id: number | null;
}

const ARGUMENTS = ['p_tenant', ...Object.keys(PER_ITEM), 'p_texts'].map((name, i) => `${name} => $${i + 1}`);
const STATEMENT = {
  name: 'payment_notifications_fast',
  text: `SELECT item, outcome, registrant_id FROM payment_notifications_fast(${ARGUMENTS.join(', ')})`,
};

/** The outcome of each claimed row the one-statement path handled ('fallback': untouched). */
export type FastOutcome = { id: number; outcome: FastPathRow['outcome']; registrantId: number | null };

/**
 * The everyday cases (a settlement crediting an open installment with the right amount, the pending after a
 * charge) of the whole batch in one statement; every other case comes back as 'fallback', untouched. Should
 * the statement fail, its savepoint is rolled back and every row goes the general way.
 */
export async function applyFast(
  c: TenantConn,
  rows: ClaimedNotification[],
  orders: Map<number, ProviderOrder>,
): Promise<FastOutcome[]> {
  if (rows.length === 0) return [];
  const perItem = Object.values(PER_ITEM).map((value) => rows.map((r) => value(r, orders.get(r.id)!)));
  await c.client.query('SAVEPOINT inbox_fast');
  try {
    const { rows: out } = await c.client.query<FastPathRow>({
      ...STATEMENT,
      values: [c.tenantId, ...perItem, PAID_TEXTS],
    });
    await c.client.query('RELEASE SAVEPOINT inbox_fast');
    return out.map((o) => ({ id: rows[o.item - 1]!.id, outcome: o.outcome, registrantId: o.registrant_id }));
  } catch {
    await c.client.query('ROLLBACK TO SAVEPOINT inbox_fast');
    return [];
  }
}
