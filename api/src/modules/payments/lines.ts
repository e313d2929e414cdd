import { BILL_MSG, type BillLineCreate, type BillLineUpdate, splitInstallments } from '@psb/contracts';
import { sql } from 'kysely';
import type { TenantConn } from '../../db/tenant-db';
import { HttpError } from '../../lib/http-error';
import { rewriteInstallments } from './bills';
import { lockBill, moveBill } from './state';

/**
 * The lines (registrant_detail_payments) of a bill, edited by staff. A line decides what the parent owes, so
 * it can change only while nothing is paid on the bill: after a payment the money already received was for
 * the old lines, and re-spreading the rest would rewrite what the parent was told they paid for (409; a
 * difference is billed as a new bill instead). Each change recounts the total (lines − discount +
 * voluntary), spreads it over the same number of installments keeping their due dates, and writes one
 * history row with the line before and after.
 */

const columns = ['id', 'header_id', 'school_id', 'kind', 'name', 'amount'] as const;
const asLine = <T extends { amount: number | string }>(r: T) => ({ ...r, amount: Number(r.amount) });

export async function linesOfBill(c: TenantConn, headerId: number) {
  const bill = await c.db
    .selectFrom('registrant_header_payments')
    .select('id')
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', headerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!bill) throw new HttpError(404, 'Tagihan tidak ditemukan.');
  const rows = await c.db
    .selectFrom('registrant_detail_payments')
    .select(columns)
    .where('tenant_id', '=', c.tenantId)
    .where('header_id', '=', headerId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map(asLine);
}

/** One live line of a bill that is not archived; 404 otherwise (also for another school's line). */
export async function lineById(c: TenantConn, id: number) {
  const row = await c.db
    .selectFrom('registrant_detail_payments as d')
    .innerJoin('registrant_header_payments as h', (j) =>
      j.onRef('h.tenant_id', '=', 'd.tenant_id').onRef('h.id', '=', 'd.header_id'),
    )
    .select(columns.map((k) => `d.${k}` as const))
    .where('d.tenant_id', '=', c.tenantId)
    .where('d.id', '=', id)
    .where('d.deleted_at', 'is', null)
    .where('h.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, BILL_MSG.lineNotFound);
  return asLine(row);
}

type Line = Awaited<ReturnType<typeof lineById>>;

export async function addLine(c: TenantConn, input: BillLineCreate, userId: number) {
  return changeLines(c, input.header_id, userId, input.reason, async (bill) => {
    const row = await c.db
      .insertInto('registrant_detail_payments')
      .values({
        tenant_id: c.tenantId,
        header_id: bill.id,
        school_id: bill.school_id,
        kind: 'custom',
        name: input.name,
        amount: input.amount,
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
    const line = asLine(row);
    return { line, detail: { line_added: { id: line.id, name: line.name, amount: line.amount } } };
  });
}

export async function updateLine(c: TenantConn, id: number, input: BillLineUpdate, userId: number) {
  const before = await lineById(c, id);
  return changeLines(c, before.header_id, userId, input.reason, async () => {
    const row = await c.db
      .updateTable('registrant_detail_payments')
      .set({ name: input.name ?? before.name, amount: input.amount ?? before.amount })
      .where('tenant_id', '=', c.tenantId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .returning(columns)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, BILL_MSG.lineNotFound);
    const line = asLine(row);
    return {
      line,
      detail: {
        line_changed: {
          id,
          before: { name: before.name, amount: before.amount },
          after: { name: line.name, amount: line.amount },
        },
      },
    };
  });
}

export async function removeLine(c: TenantConn, id: number, userId: number) {
  const before = await lineById(c, id);
  return changeLines(c, before.header_id, userId, undefined, async (bill) => {
    const others = await c.db
      .selectFrom('registrant_detail_payments')
      .select('id')
      .where('tenant_id', '=', c.tenantId)
      .where('header_id', '=', bill.id)
      .where('id', '!=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!others) throw new HttpError(409, BILL_MSG.lastLine);
    await c.db
      .updateTable('registrant_detail_payments')
      .set({ deleted_at: sql<Date>`now()` })
      .where('tenant_id', '=', c.tenantId)
      .where('id', '=', id)
      .execute();
    return {
      line: before,
      detail: { line_removed: { id, name: before.name, amount: before.amount } },
    };
  });
}

/** Locks the bill, refuses what must not change, applies the edit, then total, installments and history. */
async function changeLines(
  c: TenantConn,
  headerId: number,
  userId: number,
  reason: string | undefined,
  edit: (
    bill: Awaited<ReturnType<typeof lockBill>>,
  ) => Promise<{ line: Line; detail: Record<string, unknown> }>,
) {
  const bill = await lockBill(c, headerId);
  if (bill.state === 'cancelled') throw new HttpError(409, BILL_MSG.cancelled);
  if (bill.paid_amount > 0) throw new HttpError(409, BILL_MSG.linesLocked);
  const { line, detail } = await edit(bill);
  const h = await c.db
    .selectFrom('registrant_header_payments as h')
    .select([
      'h.discount_amount',
      'h.voluntary_amount',
      'h.due_date',
      (eb) =>
        eb
          .selectFrom('registrant_detail_payments as d')
          .select(sql<string>`coalesce(sum(d.amount), 0)`.as('s'))
          .where('d.tenant_id', '=', c.tenantId)
          .whereRef('d.header_id', '=', 'h.id')
          .where('d.deleted_at', 'is', null)
          .as('gross'),
    ])
    .where('h.tenant_id', '=', c.tenantId)
    .where('h.id', '=', bill.id)
    .executeTakeFirstOrThrow();
  const gross = Number(h.gross);
  if (Number(h.discount_amount) > gross) throw new HttpError(400, BILL_MSG.discountTooLarge);
  const total = gross - Number(h.discount_amount) + Number(h.voluntary_amount);
  if (total <= 0) throw new HttpError(400, 'Total tagihan harus lebih dari 0.');

  const old = await c.db
    .selectFrom('registrant_installment_payments')
    .select(['due_date'])
    .where('tenant_id', '=', c.tenantId)
    .where('header_id', '=', bill.id)
    .orderBy('seq')
    .execute();
  // Dates come back as text (db/pool.ts); a bill without any falls back to today.
  const firstDue = old[0]?.due_date ?? h.due_date ?? new Date().toISOString().slice(0, 10);
  const parts = splitInstallments(total, Math.max(1, old.length), firstDue).map((p, i) => ({
    amount: p.amount,
    due_date: old[i]?.due_date ?? p.due_date,
  }));
  await rewriteInstallments(c, bill, parts);
  await c.db
    .updateTable('registrant_header_payments')
    .set({ total_amount: total })
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', bill.id)
    .execute();
  await moveBill(c, { ...bill, total_amount: total }, bill.state, {
    action: 'lines',
    reason: reason ?? null,
    userId,
    detail: { ...detail, total_before: bill.total_amount, total },
  });
  return line;
}
