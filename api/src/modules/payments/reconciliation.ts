import type { MismatchKind, ReconciliationRow } from '@psb/contracts';
import { sql } from 'kysely';
import type { SchoolScope, TenantConn } from '../../db/tenant-db';
import { withTenantTx } from '../../db/tenant-db';
import type { ProviderOrder } from '../../integrations/midtrans/types';
import { HttpError } from '../../lib/http-error';
import type { PaymentDeps } from './charges';
import { UNREADABLE_AMOUNT } from './inbox';
import { applyProviderOrder } from './settle';
import { lockBill, moveBill, recountBill } from './state';

/** Charges compared in one run; a wider range is refused with the advice to narrow it. */
export const MAX_CHARGES = 2000;
const PARALLEL = 8;
const PAID = ['settlement', 'capture'];

const day = (d: string, end: boolean) =>
  sql<Date>`(${d}::date + ${end ? 1 : 0}::int)::timestamp AT TIME ZONE 'Asia/Jakarta'`;

/** Charges with the registrant of their bill, when they have one (a purchase has none). */
const chargesWithRegistrant = (c: TenantConn) =>
  c.db
    .selectFrom('payment_charges as p')
    .leftJoin('registrant_header_payments as h', (j) =>
      j.onRef('h.tenant_id', '=', 'p.tenant_id').onRef('h.id', '=', 'p.header_id'),
    )
    .leftJoin('registrants as r', (j) =>
      j.onRef('r.tenant_id', '=', 'h.tenant_id').onRef('r.id', '=', 'h.registrant_id'),
    );

/**
 * Our charges of a date range (WIB) against what the provider says of each, and every mismatch: paid there
 * but not here, paid here but not there, an amount that differs, a charge paid after its installment was
 * paid otherwise, and notifications for orders we have no record of.
 */
export async function reconcile(
  deps: PaymentDeps,
  tenantId: number,
  scope: SchoolScope,
  range: { date_from: string; date_to: string },
) {
  const charges = await withTenantTx(
    deps.pool,
    tenantId,
    (c) =>
      chargesWithRegistrant(c)
        .select([
          'p.id',
          'p.order_id',
          'p.purpose',
          'p.channel',
          'p.status',
          'p.gross_amount',
          'p.reported_amount',
          'p.flag',
          'p.flag_resolved_at',
          'p.created_at',
          'r.name as registrant_name',
          'r.registration_number',
        ])
        .where('p.tenant_id', '=', tenantId)
        .where('p.status', '<>', 'error')
        .where('p.created_at', '>=', day(range.date_from, false))
        .where('p.created_at', '<', day(range.date_to, true))
        .orderBy('p.created_at')
        .limit(MAX_CHARGES + 1)
        .execute(),
    scope,
  );
  if (charges.length > MAX_CHARGES)
    throw new HttpError(
      400,
      `Rentang tanggal memuat lebih dari ${MAX_CHARGES} transaksi. Persempit rentang tanggal.`,
    );

  const provider = new Map<string, ProviderOrder | null | 'unreachable'>();
  for (let i = 0; i < charges.length; i += PARALLEL) {
    await Promise.all(
      charges.slice(i, i + PARALLEL).map(async (ch) => {
        provider.set(ch.order_id, await deps.gateway.status(ch.order_id).catch(() => 'unreachable' as const));
      }),
    );
  }

  const rows: ReconciliationRow[] = [];
  for (const ch of charges) {
    const theirs = provider.get(ch.order_id);
    const paidHere = PAID.includes(ch.status) && ch.flag === null;
    const paidThere = theirs && theirs !== 'unreachable' && PAID.includes(theirs.status);
    const gross = Number(ch.gross_amount);
    let kind: MismatchKind | null = null;
    if (theirs === 'unreachable') kind = 'provider_unreachable';
    else if (ch.flag && !ch.flag_resolved_at)
      kind = ch.flag === 'amount_mismatch' ? 'amount_differs' : 'paid_twice';
    else if (paidThere && theirs.grossAmount !== gross && !ch.flag_resolved_at) kind = 'amount_differs';
    else if (paidThere && !PAID.includes(ch.status)) kind = 'paid_there_not_here';
    else if (paidHere && !paidThere) kind = 'paid_here_not_there';
    if (!kind) continue;
    rows.push({
      order_id: ch.order_id,
      kind,
      purpose: ch.purpose,
      channel: ch.channel,
      registrant_name: ch.registrant_name,
      registration_number: ch.registration_number,
      our_status: ch.status,
      our_amount: gross,
      provider_status: theirs && theirs !== 'unreachable' ? theirs.status : null,
      provider_amount:
        theirs && theirs !== 'unreachable'
          ? theirs.grossAmount
          : ch.reported_amount === null
            ? null
            : Number(ch.reported_amount),
      created_at: ch.created_at.toISOString(),
    });
  }
  const unknown = await withTenantTx(
    deps.pool,
    tenantId,
    (c) =>
      c.db
        .selectFrom('payment_notifications')
        .select(['order_id', 'transaction_status', 'gross_amount', 'received_at'])
        .where('tenant_id', '=', tenantId)
        .where('outcome', '=', 'unknown_order')
        .where('received_at', '>=', day(range.date_from, false))
        .where('received_at', '<', day(range.date_to, true))
        .execute(),
    scope,
  );
  rows.push(...(await unreadableNotifications(deps, tenantId, scope, range)));
  for (const u of unknown)
    rows.push({
      order_id: u.order_id,
      kind: 'unknown_order',
      purpose: null,
      channel: null,
      registrant_name: null,
      registration_number: null,
      our_status: null,
      our_amount: null,
      provider_status: u.transaction_status,
      provider_amount: Math.round(Number(u.gross_amount)) || null,
      created_at: u.received_at.toISOString(),
    });
  return { checked: charges.length, rows };
}

/**
 * Signed notifications whose amount could not be read (kept aside by the endpoint, never applied), with the
 * charge they name when the caller's schools include it; one naming no charge is shown to unlimited roles.
 */
async function unreadableNotifications(
  deps: PaymentDeps,
  tenantId: number,
  scope: SchoolScope,
  range: { date_from: string; date_to: string },
): Promise<ReconciliationRow[]> {
  const found = await withTenantTx(
    deps.pool,
    tenantId,
    (c) =>
      chargesWithRegistrant(c)
        .rightJoin('payment_inbox as n', (j) =>
          j.onRef('n.tenant_id', '=', 'p.tenant_id').onRef('n.order_id', '=', 'p.order_id'),
        )
        .select([
          'n.order_id',
          'n.transaction_status',
          'n.received_at',
          'p.id as charge_id',
          'p.purpose',
          'p.channel',
          'p.status',
          'p.gross_amount',
          'r.name as registrant_name',
          'r.registration_number',
        ])
        .where('n.tenant_id', '=', tenantId)
        .where('n.outcome', '=', UNREADABLE_AMOUNT)
        .where('n.received_at', '>=', day(range.date_from, false))
        .where('n.received_at', '<', day(range.date_to, true))
        .orderBy('n.received_at')
        .execute(),
    scope,
  );
  return found
    .filter((u) => u.charge_id !== null || scope === null)
    .map((u) => ({
      order_id: u.order_id,
      kind: 'unreadable_amount' as const,
      purpose: u.purpose,
      channel: u.channel,
      registrant_name: u.registrant_name,
      registration_number: u.registration_number,
      our_status: u.status,
      our_amount: u.gross_amount === null ? null : Number(u.gross_amount),
      provider_status: u.transaction_status,
      provider_amount: null,
      created_at: u.received_at.toISOString(),
    }));
}

/**
 * One-click resolution of a mismatch, recorded with who and why: take the provider's word (apply its
 * status through the usual cycle), credit a differing amount anyway (staff checked the transfer), or close
 * the flag (e.g. the difference was refunded by hand).
 */
export async function resolveMismatch(
  deps: PaymentDeps,
  c: TenantConn,
  r: { order_id: string; action: 'apply_provider' | 'credit_anyway' | 'dismiss'; reason: string },
  userId: number,
) {
  const charge = await c.db
    .selectFrom('payment_charges')
    .select(['id', 'status', 'flag', 'installment_id', 'header_id', 'purpose'])
    .where('tenant_id', '=', c.tenantId)
    .where('order_id', '=', r.order_id)
    .forUpdate()
    .executeTakeFirst();
  if (!charge) throw new HttpError(404, 'Transaksi tidak ditemukan.');
  const resolved = {
    flag_resolved_at: sql<Date>`now()`,
    flag_resolved_by: userId,
    flag_resolution: `${r.action}: ${r.reason}`.slice(0, 500),
    updated_at: sql<Date>`now()`,
  };
  if (r.action === 'apply_provider') {
    const order = await deps.gateway.status(r.order_id);
    if (!order) throw new HttpError(409, 'Penyedia pembayaran tidak mengenal transaksi ini.');
    await applyProviderOrder(c, order, 'reconciler');
  } else if (r.action === 'credit_anyway') {
    if (charge.flag !== 'amount_mismatch' || charge.purpose !== 'installment')
      throw new HttpError(409, 'Hanya selisih jumlah pada cicilan yang dapat dikreditkan.');
    const bill = await lockBill(c, charge.header_id!);
    const res = await c.db
      .updateTable('registrant_installment_payments')
      .set({
        paid_at: sql<Date>`now()`,
        paid_via: 'provider',
        paid_charge_id: Number(charge.id),
        updated_at: sql<Date>`now()`,
      })
      .where('tenant_id', '=', c.tenantId)
      .where('id', '=', charge.installment_id!)
      .where('paid_at', 'is', null)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw new HttpError(409, 'Cicilan ini sudah dibayar.');
    await recountBill(c, bill, {
      action: 'reconciled_credit',
      reason: r.reason,
      userId,
      detail: { order_id: r.order_id },
    });
  }
  // Notifications of the order kept aside for an unreadable amount have been looked at now.
  await c.db
    .updateTable('payment_inbox')
    .set({ outcome: `${UNREADABLE_AMOUNT}_resolved` })
    .where('tenant_id', '=', c.tenantId)
    .where('order_id', '=', r.order_id)
    .where('outcome', '=', UNREADABLE_AMOUNT)
    .execute();
  await c.db
    .updateTable('payment_charges')
    .set(resolved)
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', charge.id)
    .execute();
  if (charge.header_id) {
    const open = await c.db
      .selectFrom('payment_charges')
      .select('id')
      .where('tenant_id', '=', c.tenantId)
      .where('header_id', '=', charge.header_id)
      .where('flag', 'is not', null)
      .where('flag_resolved_at', 'is', null)
      .executeTakeFirst();
    if (!open)
      await c.db
        .updateTable('registrant_header_payments')
        .set({ needs_review: null })
        .where('tenant_id', '=', c.tenantId)
        .where('id', '=', charge.header_id)
        .execute();
    const bill = await lockBill(c, charge.header_id);
    await moveBill(c, bill, bill.state, {
      action: 'reconciled',
      reason: r.reason,
      userId,
      detail: { order_id: r.order_id, resolution: r.action },
    });
  }
}
