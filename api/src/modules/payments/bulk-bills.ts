import type { CreateBill } from '@psb/contracts';
import type { TenantConn } from '../../db/tenant-db';
import { HttpError } from '../../lib/http-error';
import {
  type BillBatch,
  type BillPlan,
  createBill,
  headerValues,
  installmentValues,
  lineValues,
  planBill,
  rememberAutoBilling,
} from './bills';
import { paymentMessage } from './messages';
import { registrantsForBills } from './repository';
import { moveBills } from './state';

/**
 * Bills a chunk of registrants in the caller's transaction, a statement per table for the whole chunk
 * (headers, lines, installments, then the state moves with their history), instead of a handful per bill.
 * A registrant refused while the bills are worked out (not found, no setup lines, …) or already billed (the
 * one-live-bill key) is left out; the ids of the bills made come back. The rules are those of `createBill`
 * (`planBill` works each bill out); a unique code is chosen against the bills made before it, so those
 * bills are made one after another.
 */
export async function createBills(
  c: TenantConn,
  registrantIds: number[],
  o: CreateBill,
  userId: number | null,
) {
  const batch: BillBatch = {
    settings: new Map(),
    lines: new Map(),
    registrants: await registrantsForBills(c, registrantIds),
  };
  if (o.unique_suffix) return createOneByOne(c, registrantIds, o, userId, batch);
  const plans: BillPlan[] = [];
  for (const id of registrantIds) {
    const plan = await planBill(c, id, o, batch).catch((err) => {
      if (err instanceof HttpError) return null;
      throw err;
    });
    if (plan) plans.push(plan);
  }
  if (plans.length === 0) return [];
  const headers = await c.db
    .insertInto('registrant_header_payments')
    .values(plans.map((p) => headerValues(c, p, o, userId)))
    // A registrant billed meanwhile keeps the bill they have.
    .onConflict((oc) => oc.doNothing())
    .returning(['id', 'registrant_id'])
    .execute();
  const planOf = new Map(plans.map((p) => [p.registrant.id, p]));
  const made = headers.map((h) => ({ id: h.id, plan: planOf.get(h.registrant_id)! }));
  if (made.length === 0) return [];
  await c.db
    .insertInto('registrant_detail_payments')
    .values(made.flatMap((m) => lineValues(c, m.id, m.plan)))
    .execute();
  await c.db
    .insertInto('registrant_installment_payments')
    .values(made.flatMap((m) => installmentValues(c, m.id, m.plan)))
    .execute();
  const drafts = made.map((m) => ({
    id: m.id,
    registrant_id: m.plan.registrant.id,
    school_id: m.plan.registrant.school_id,
    state: 'draft' as const,
    total_amount: m.plan.total,
    paid_amount: 0,
    detail: { total: m.plan.total, installments: m.plan.count },
  }));
  const created = await moveBills(c, drafts, 'draft', { action: 'created', userId });
  if (o.generate_payment_after_regist)
    for (const periodId of new Set(made.map((m) => m.plan.registrant.school_period_id)))
      await rememberAutoBilling(c, periodId, o.mst_type_payment_id);
  if (o.is_submit) {
    const published = await moveBills(
      c,
      created.map(({ detail: _, ...b }) => b),
      'published',
      { action: 'published', userId },
    );
    if (o.send_notification) for (const b of published) await paymentMessage(c, b, 'published');
  }
  return made.map((m) => m.id);
}

async function createOneByOne(
  c: TenantConn,
  registrantIds: number[],
  o: CreateBill,
  userId: number | null,
  batch: BillBatch,
) {
  const made: number[] = [];
  for (const id of registrantIds) {
    const billId = await createBill(c, id, o, userId, batch).catch((err) => {
      if (err instanceof HttpError) return null;
      throw err;
    });
    if (billId !== null) made.push(billId);
  }
  return made;
}
