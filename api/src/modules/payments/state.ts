import { BILL_MSG, type BillState } from '@psb/contracts';
import { sql } from 'kysely';
import type { TenantConn } from '../../db/tenant-db';
import { HttpError } from '../../lib/http-error';
import { writePaymentReceipts } from './payment-receipts';
import { CHANNEL } from './signals';

/**
 * The one place a bill's state changes. A bill is drafted, published, then paid through its installments
 * (partly, then fully); a deny or refund of a settled charge takes a payment back, so paid bills can move
 * back. Only unpaid bills can be cancelled (reset / delete).
 */
const ALLOWED: Record<BillState, readonly BillState[]> = {
  draft: ['published', 'cancelled'],
  published: ['partially_paid', 'paid', 'cancelled'],
  partially_paid: ['paid', 'published'],
  paid: ['partially_paid', 'published'],
  cancelled: [],
};

export interface BillChange {
  action: string;
  reason?: string | null | undefined;
  detail?: Record<string, unknown> | undefined;
  userId?: number | null | undefined;
}

export interface LockedBill {
  id: number;
  registrant_id: number;
  school_id: number;
  state: BillState;
  total_amount: number;
  paid_amount: number;
}

/** The bill locked for the rest of the transaction; 404 when it is archived or not visible to the caller. */
export async function lockBill({ db, tenantId }: TenantConn, id: number): Promise<LockedBill> {
  const row = await db
    .selectFrom('registrant_header_payments')
    .select(['id', 'registrant_id', 'school_id', 'state', 'total_amount', 'paid_amount'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new HttpError(404, 'Tagihan tidak ditemukan.');
  return {
    ...row,
    total_amount: Number(row.total_amount),
    paid_amount: Number(row.paid_amount),
  };
}

/** Moves a locked bill to `to` (refused with 409 when the table above does not allow it) with a history row. */
export async function moveBill(
  c: TenantConn,
  bill: LockedBill,
  to: BillState,
  change: BillChange,
  paid?: number,
) {
  const paidAmount = paid ?? bill.paid_amount;
  if (bill.state !== to && !ALLOWED[bill.state].includes(to)) {
    throw new HttpError(
      409,
      bill.state === 'cancelled'
        ? BILL_MSG.cancelled
        : `Tagihan tidak dapat diubah dari status ${bill.state}.`,
    );
  }
  // One statement: the bill and its history row; the parent's open page is told once it is committed.
  await sql`
    WITH moved AS (
      UPDATE registrant_header_payments SET
        state = ${to},
        paid_amount = ${paidAmount},
        paid_at = CASE WHEN ${to} = 'paid' THEN coalesce(paid_at, now()) END,
        published_at = CASE WHEN ${to} = 'published' AND ${bill.state} = 'draft' THEN now() ELSE published_at END,
        version = version + 1,
        updated_at = now()
      WHERE tenant_id = ${c.tenantId} AND id = ${bill.id}
      RETURNING id
    ), logged AS (
      INSERT INTO payment_history (tenant_id, header_id, school_id, action, from_state, to_state, reason, detail, user_id)
      SELECT ${c.tenantId}, id, ${bill.school_id}, ${change.action}, ${bill.state}, ${to}, ${change.reason ?? null},
             ${change.detail ? JSON.stringify({ ...change.detail, paid_amount: paidAmount }) : null}::jsonb, ${change.userId ?? null}
      FROM moved
      RETURNING id
    )
    SELECT count(*) FROM logged`.execute(c.db);
  announceAfterCommit(c, `${c.tenantId}:${bill.registrant_id}`);
  const moved = { ...bill, state: to, paid_amount: paidAmount };
  return moved;
}

/**
 * `moveBill` for many bills in the same state at once (bulk billing): one statement moves them all and writes
 * one history row each, with each bill's own detail.
 */
export async function moveBills(
  c: TenantConn,
  bills: (LockedBill & { detail?: Record<string, unknown> })[],
  to: BillState,
  change: Omit<BillChange, 'detail'>,
) {
  if (bills.length === 0) return bills;
  const from = bills[0]!.state;
  if (bills.some((b) => b.state !== from)) throw new Error('moveBills: every bill must be in the same state');
  if (from !== to && !ALLOWED[from].includes(to))
    throw new HttpError(
      409,
      from === 'cancelled' ? BILL_MSG.cancelled : `Tagihan tidak dapat diubah dari status ${from}.`,
    );
  const ids = bills.map((b) => b.id);
  const details = bills.map((b) => (b.detail ? JSON.stringify(b.detail) : null));
  await sql`
    WITH input AS (
      SELECT * FROM unnest(${ids}::bigint[], ${details}::jsonb[]) AS u(id, detail)
    ), moved AS (
      UPDATE registrant_header_payments h SET
        state = ${to},
        paid_at = CASE WHEN ${to} = 'paid' THEN coalesce(h.paid_at, now()) END,
        published_at = CASE WHEN ${to} = 'published' AND h.state = 'draft' THEN now() ELSE h.published_at END,
        version = h.version + 1,
        updated_at = now()
      FROM input
      WHERE h.tenant_id = ${c.tenantId} AND h.id = input.id
      RETURNING h.id, h.school_id, h.paid_amount, input.detail
    ), logged AS (
      INSERT INTO payment_history (tenant_id, header_id, school_id, action, from_state, to_state, reason, detail, user_id)
      SELECT ${c.tenantId}, id, school_id, ${change.action}, ${from}, ${to}, ${change.reason ?? null},
             detail || jsonb_build_object('paid_amount', paid_amount), ${change.userId ?? null}
      FROM moved
      RETURNING id
    )
    SELECT count(*) FROM logged`.execute(c.db);
  for (const b of bills) announceAfterCommit(c, `${c.tenantId}:${b.registrant_id}`);
  return bills.map((b) => ({ ...b, state: to }));
}

const announced = new WeakMap<TenantConn, Set<string>>();

/**
 * The registrants whose bills changed in this transaction are announced together once it commits: one NOTIFY
 * statement however many bills a bulk transaction touched.
 */
function announceAfterCommit(c: TenantConn, key: string) {
  let keys = announced.get(c);
  if (!keys) {
    const pending = new Set<string>();
    keys = pending;
    announced.set(c, pending);
    c.afterCommit('bill-changes', () => {
      const list = [...pending];
      pending.clear();
      return c.client.query('SELECT pg_notify($1, k) FROM unnest($2::text[]) AS k', [CHANNEL, list]);
    });
  }
  keys.add(key);
}

/**
 * Recounts what the installments paid and moves the bill to match: every installment paid → paid, some →
 * partially paid, none → published. Drafts and cancelled bills keep their state (money on them is flagged
 * by the caller instead).
 */
export async function recountBill(c: TenantConn, bill: LockedBill, change: BillChange) {
  const { paid, open } = await c.db
    .selectFrom('registrant_installment_payments')
    .select([
      sql<string>`coalesce(sum(amount) FILTER (WHERE paid_at IS NOT NULL), 0)`.as('paid'),
      sql<number>`count(*) FILTER (WHERE paid_at IS NULL)::int`.as('open'),
    ])
    .where('tenant_id', '=', c.tenantId)
    .where('header_id', '=', bill.id)
    .executeTakeFirstOrThrow();
  const paidAmount = Number(paid);
  if (bill.state === 'draft' || bill.state === 'cancelled') return bill;
  const to: BillState = open === 0 ? 'paid' : paidAmount > 0 ? 'partially_paid' : 'published';
  const moved = await moveBill(c, bill, to, change, paidAmount);
  // Every way money is credited ends here (but the notification fast path, whose worker writes them itself).
  await writePaymentReceipts(c, { billIds: [bill.id] });
  return moved;
}
