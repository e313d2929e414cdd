import { BILL_MSG, type Channel, type CreateBill, splitInstallments } from '@psb/contracts';
import { sql } from 'kysely';
import type { TenantConn } from '../../db/tenant-db';
import { HttpError } from '../../lib/http-error';
import { paymentMessage } from './messages';
import { billLines, billSettings, registrantForBill, usedSuffixes } from './repository';
import { type BillChange, type LockedBill, lockBill, moveBill, recountBill } from './state';

const todayWib = () => new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Bills a payment type to a registrant: the lines come from the period's setup (the most specific line per
 * component: class and jalur before "every class"), or one line of `cost`; less the discount, plus the
 * voluntary part; split into installments that sum to it. Drafts stay hidden from the parent until published.
 */
/**
 * What bills made together in one transaction share (bulk billing): the period's settings, the setup lines
 * per period, class and type, and the registrants read together beforehand (`registrantsForBills`).
 */
export interface BillBatch {
  settings: Map<string, Awaited<ReturnType<typeof billSettings>>>;
  registrants?: Map<number, Awaited<ReturnType<typeof registrantForBill>>>;
  lines?: Map<string, Awaited<ReturnType<typeof billLines>>>;
}

type Line = { kind: 'component' | 'custom'; name: string; amount: number; mst_payment_id: number | null };

/** A bill worked out for a registrant, not yet written. */
export interface BillPlan {
  registrant: NonNullable<Awaited<ReturnType<typeof registrantForBill>>>;
  settings: Awaited<ReturnType<typeof billSettings>>;
  lines: Line[];
  total: number;
  discount: number;
  voluntary: number;
  dueDate: string;
  count: number;
}

/**
 * Works out a registrant's bill (lines, total, due date, installments); every refusal (HttpError) is here,
 * before anything is written, so a batch of bills in one transaction can count a refused registrant and go on
 * (bulk.ts).
 */
export async function planBill(
  c: TenantConn,
  registrantId: number,
  o: CreateBill,
  batch?: BillBatch,
): Promise<BillPlan> {
  const r = batch?.registrants
    ? batch.registrants.get(registrantId)
    : await registrantForBill(c, registrantId);
  if (!r) throw new HttpError(404, 'Calon murid tidak ditemukan.');
  const settingsKey = `${r.school_period_id}:${o.mst_type_payment_id}`;
  const settings =
    batch?.settings.get(settingsKey) ?? (await billSettings(c, r.school_period_id, o.mst_type_payment_id));
  batch?.settings.set(settingsKey, settings);
  if (!settings.type_name)
    throw new HttpError(400, 'Jenis pembayaran tidak ditemukan.', {
      mst_type_payment_id: 'Jenis pembayaran tidak ditemukan.',
    });
  let lines: Line[];
  if (o.cost !== undefined) {
    lines = [{ kind: 'custom', name: settings.type_name, amount: o.cost, mst_payment_id: null }];
  } else {
    const linesKey = `${r.school_period_id}:${r.mst_class_id}:${o.mst_type_payment_id}`;
    const setup = batch?.lines?.get(linesKey) ?? (await billLines(c, r, o.mst_type_payment_id));
    batch?.lines?.set(linesKey, setup);
    lines = setup.map((l) => ({ ...l, kind: 'component' as const }));
  }
  if (lines.length === 0) throw new HttpError(409, BILL_MSG.noLines);
  const gross = lines.reduce((s, l) => s + l.amount, 0);
  const discount = o.keringanan ?? 0;
  const voluntary = o.sukarela ?? 0;
  if (discount > gross)
    throw new HttpError(400, BILL_MSG.discountTooLarge, { keringanan: BILL_MSG.discountTooLarge });
  let total = gross - discount + voluntary;
  if (o.unique_suffix) {
    const used = new Set(await usedSuffixes(c, o.mst_type_payment_id, total));
    const suffix = Array.from({ length: 999 }, (_, i) => i + 1).find((s) => !used.has(s)) ?? 0;
    if (suffix) {
      lines = [...lines, { kind: 'custom', name: 'Kode unik', amount: suffix, mst_payment_id: null }];
      total += suffix;
    }
  }
  if (total <= 0) throw new HttpError(400, 'Total tagihan harus lebih dari 0.');
  const dueDate = o.batas_pelunasan ?? settings.due_date ?? plusDays(todayWib(), 30);
  const count = o.is_generate_cicilan ? (o.cicilan_count ?? Math.max(2, settings.max_installments)) : 1;
  return { registrant: r, settings, lines, total, discount, voluntary, dueDate, count };
}

/** The header row of a planned bill. */
export function headerValues(c: TenantConn, p: BillPlan, o: CreateBill, userId: number | null) {
  return {
    tenant_id: c.tenantId,
    registrant_id: p.registrant.id,
    school_id: p.registrant.school_id,
    mst_type_payment_id: o.mst_type_payment_id,
    total_amount: p.total,
    discount_amount: p.discount,
    voluntary_amount: p.voluntary,
    due_date: p.dueDate,
    channels: sql<Channel[]>`${p.settings.channels}::text[]`,
    expiry_hours: p.settings.expiry_hours,
    fixed_va: o.fixed_va ?? false,
    unique_suffix: o.unique_suffix ?? false,
    show_at_graduation: o.show_at_graduation ?? p.settings.show_at_graduation,
    created_by: userId,
  };
}

/** The line rows of a planned bill. */
export function lineValues(c: TenantConn, headerId: number, p: BillPlan) {
  return p.lines.map((l) => ({
    tenant_id: c.tenantId,
    header_id: headerId,
    school_id: p.registrant.school_id,
    kind: l.kind,
    mst_payment_id: l.mst_payment_id,
    name: l.name,
    amount: l.amount,
  }));
}

/** The installment rows of a bill: split into `count` parts that sum to its total. */
export function installmentValues(c: TenantConn, headerId: number, p: BillPlan) {
  return installmentRows(c, headerId, p.registrant.school_id, splitInstallments(p.total, p.count, p.dueDate));
}

function installmentRows(
  c: TenantConn,
  headerId: number,
  schoolId: number,
  parts: { amount: number; due_date: string }[],
) {
  return parts.map((part, i) => ({
    tenant_id: c.tenantId,
    header_id: headerId,
    school_id: schoolId,
    seq: i + 1,
    amount: part.amount,
    due_date: part.due_date,
  }));
}

/**
 * Bills a payment type to a registrant: the lines come from the period's setup (the most specific line per
 * component: class and jalur before "every class"), or one line of `cost`; less the discount, plus the
 * voluntary part; split into installments that sum to it. Drafts stay hidden from the parent until published.
 */
export async function createBill(
  c: TenantConn,
  registrantId: number,
  o: CreateBill,
  userId: number | null,
  batch?: BillBatch,
) {
  const p = await planBill(c, registrantId, o, batch);
  const header = await c.db
    .insertInto('registrant_header_payments')
    .values(headerValues(c, p, o, userId))
    .onConflict((oc) => oc.doNothing())
    .returning(['id'])
    .executeTakeFirst();
  if (!header) throw new HttpError(409, BILL_MSG.exists);
  await c.db
    .insertInto('registrant_detail_payments')
    .values(lineValues(c, header.id, p))
    .execute();
  await c.db
    .insertInto('registrant_installment_payments')
    .values(installmentValues(c, header.id, p))
    .execute();
  // Written by this transaction a moment ago: nobody else sees the row yet, so it needs no lock.
  const draft: LockedBill = {
    id: header.id,
    registrant_id: p.registrant.id,
    school_id: p.registrant.school_id,
    state: 'draft',
    total_amount: p.total,
    paid_amount: 0,
  };
  const bill = await moveBill(c, draft, 'draft', {
    action: 'created',
    userId,
    detail: { total: p.total, installments: p.count },
  });
  if (o.generate_payment_after_regist)
    await rememberAutoBilling(c, p.registrant.school_period_id, o.mst_type_payment_id);
  if (o.is_submit)
    await publishLocked(c, bill, { action: 'published', userId }, o.send_notification ?? false);
  return header.id;
}

export async function writeInstallments(
  c: TenantConn,
  headerId: number,
  schoolId: number,
  parts: { amount: number; due_date: string }[],
  /** A bill made in this transaction has no installments to replace. */
  fresh = false,
) {
  if (!fresh)
    await c.db
      .deleteFrom('registrant_installment_payments')
      .where('tenant_id', '=', c.tenantId)
      .where('header_id', '=', headerId)
      .execute();
  await c.db
    .insertInto('registrant_installment_payments')
    .values(installmentRows(c, headerId, schoolId, parts))
    .execute();
}

/** Replaces the installments of a bill nothing has been paid on (same total; charges still open are closed). */
export async function replaceInstallments(
  c: TenantConn,
  headerId: number,
  parts: { amount: number; due_date: string }[],
  change: BillChange,
) {
  const bill = await lockBill(c, headerId);
  if (bill.state === 'cancelled') throw new HttpError(409, BILL_MSG.cancelled);
  if (bill.paid_amount > 0) throw new HttpError(409, BILL_MSG.hasPayment);
  const sum = parts.reduce((s, p) => s + p.amount, 0);
  if (sum !== bill.total_amount)
    throw new HttpError(400, `${BILL_MSG.installmentsSum} (total ${bill.total_amount}, cicilan ${sum})`);
  await rewriteInstallments(c, bill, parts);
  await moveBill(c, bill, bill.state, { ...change, detail: { installments: parts.length } });
}

/**
 * The installments of a locked, unpaid bill written anew; refused while a payment number is open (its amount
 * would no longer match), the closed charges of the old installments go with them.
 */
export async function rewriteInstallments(
  c: TenantConn,
  bill: LockedBill,
  parts: { amount: number; due_date: string }[],
) {
  const headerId = bill.id;
  const open = await c.db
    .selectFrom('payment_charges')
    .select('id')
    .where('tenant_id', '=', c.tenantId)
    .where('header_id', '=', headerId)
    .where('status', 'in', ['creating', 'pending'])
    .executeTakeFirst();
  if (open) throw new HttpError(409, 'Masih ada nomor pembayaran yang aktif. Reset tagihan terlebih dahulu.');
  await c.db
    .deleteFrom('payment_charges')
    .where('tenant_id', '=', c.tenantId)
    .where('header_id', '=', headerId)
    .execute();
  await writeInstallments(c, headerId, bill.school_id, parts);
}

export async function publishBill(c: TenantConn, id: number, change: BillChange, notify: boolean) {
  return publishLocked(c, await lockBill(c, id), change, notify);
}

export async function publishLocked(c: TenantConn, bill: LockedBill, change: BillChange, notify: boolean) {
  if (bill.state !== 'draft') return false;
  await moveBill(c, bill, 'published', change);
  if (notify) await paymentMessage(c, bill, 'published');
  return true;
}

/**
 * Reset: the bill is cancelled (kept for the record) so a new one can be made; only while nothing is paid
 * and no charge is open at the provider (the caller closes those first).
 */
export async function cancelBill(c: TenantConn, id: number, change: BillChange, archive: boolean) {
  const bill = await lockBill(c, id);
  if (bill.paid_amount > 0) throw new HttpError(409, BILL_MSG.hasPayment);
  await moveBill(c, bill, 'cancelled', change);
  if (archive)
    await c.db
      .updateTable('registrant_header_payments')
      .set({ deleted_at: sql<Date>`now()` })
      .where('tenant_id', '=', c.tenantId)
      .where('id', '=', id)
      .execute();
}

/**
 * Staff record a payment made outside the provider (cash at the office, a transfer with proof): the
 * installment (default: the first unpaid) is paid manually, with who and why. Two staff approving at once:
 * the installment row is locked and only an unpaid one is updated, so one approval wins and the other is told.
 */
export async function approvePayment(
  c: TenantConn,
  id: number,
  a: {
    installment_id?: number | undefined;
    method: 'cash' | 'transfer';
    reason: string;
    proof_url?: string | undefined;
  },
  userId: number,
) {
  const bill = await lockBill(c, id);
  if (bill.state === 'draft') throw new HttpError(409, BILL_MSG.notPublished);
  if (bill.state === 'cancelled') throw new HttpError(409, BILL_MSG.cancelled);
  if (bill.state === 'paid') throw new HttpError(409, BILL_MSG.alreadyPaid);
  let q = c.db
    .updateTable('registrant_installment_payments')
    .set({
      paid_at: sql<Date>`now()`,
      paid_via: 'manual',
      approved_by: userId,
      approval_method: a.method,
      approval_reason: a.reason,
      proof_url: a.proof_url ?? null,
      updated_at: sql<Date>`now()`,
    })
    .where('tenant_id', '=', c.tenantId)
    .where('header_id', '=', id)
    .where('paid_at', 'is', null);
  q = a.installment_id
    ? q.where('id', '=', a.installment_id)
    : q.where('seq', '=', (eb) =>
        eb
          .selectFrom('registrant_installment_payments')
          .select((e) => e.fn.min('seq').as('s'))
          .where('tenant_id', '=', c.tenantId)
          .where('header_id', '=', id)
          .where('paid_at', 'is', null),
      );
  const res = await q.returning(['id', 'amount']).executeTakeFirst();
  if (!res) throw new HttpError(409, BILL_MSG.installmentPaid);
  const after = await recountBill(c, bill, {
    action: 'manual_payment',
    reason: a.reason,
    userId,
    detail: { installment_id: res.id, method: a.method, amount: Number(res.amount) },
  });
  await paymentMessage(c, after, 'paid');
  return after;
}

/** The period's payment setting remembers to bill every later registrant of the period on submit. */
export async function rememberAutoBilling(c: TenantConn, periodId: number, typeId: number) {
  await c.db
    .updateTable('school_payments')
    .set({ generate_after_registration: true })
    .where('tenant_id', '=', c.tenantId)
    .where('school_period_id', '=', periodId)
    .where('mst_type_payment_id', '=', typeId)
    .where('deleted_at', 'is', null)
    .execute();
}
