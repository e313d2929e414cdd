import { type BillView, type Channel, paymentReceiptReference } from '@psb/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/kysely';
import type { TenantConn } from '../../db/tenant-db';
import { CHARGE_COLUMNS, toChargeView } from './charges';
import { BILLED_TO_FAMILY_SQL } from './counted-bills';

/** Bills (`h`) with their registrant (`r`) and payment type (`t`): what a message to the parent names. */
export const billsWithRegistrant = (db: Db) =>
  db
    .selectFrom('registrant_header_payments as h')
    .innerJoin('registrants as r', (j) =>
      j.onRef('r.tenant_id', '=', 'h.tenant_id').onRef('r.id', '=', 'h.registrant_id'),
    )
    .innerJoin('mst_type_payments as t', (j) =>
      j.onRef('t.tenant_id', '=', 'h.tenant_id').onRef('t.id', '=', 'h.mst_type_payment_id'),
    );

export function registrantForBill({ db, tenantId }: TenantConn, id: number) {
  return db
    .selectFrom('registrants')
    .select(['id', 'school_id', 'school_period_id', 'mst_class_id', 'user_id'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** `registrantForBill` for many at once (bulk billing). */
export async function registrantsForBills({ db, tenantId }: TenantConn, ids: number[]) {
  const rows = await db
    .selectFrom('registrants')
    .select(['id', 'school_id', 'school_period_id', 'mst_class_id', 'user_id'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

const DEFAULT_CHANNELS: Channel[] = ['bca', 'bni', 'bri', 'mandiri', 'permata'];

/** The period's rules for a payment type (channels, expiry, due date, installments), or the defaults. */
export async function billSettings({ db, tenantId }: TenantConn, periodId: number, typeId: number) {
  const type = await db
    .selectFrom('mst_type_payments')
    .select(['name'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', typeId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  const sp = await db
    .selectFrom('school_payments')
    .select(['channels', 'expiry_hours', 'due_date', 'max_installments', 'show_at_graduation'])
    .where('tenant_id', '=', tenantId)
    .where('school_period_id', '=', periodId)
    .where('mst_type_payment_id', '=', typeId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return {
    type_name: type?.name ?? null,
    channels: sp?.channels ?? DEFAULT_CHANNELS,
    expiry_hours: sp?.expiry_hours ?? 24,
    due_date: sp?.due_date ? dateText(sp.due_date) : null,
    max_installments: sp?.max_installments ?? 1,
    show_at_graduation: sp?.show_at_graduation ?? false,
  };
}

/** The setup lines of the registrant's period for the type: per component the most specific one. */
export async function billLines(
  { db, tenantId }: TenantConn,
  r: { school_period_id: number; mst_class_id: number },
  typeId: number,
) {
  const rows = await sql<{ mst_payment_id: number; name: string; amount: string }>`
    SELECT DISTINCT ON (sp.mst_payment_id) sp.mst_payment_id, p.name, sp.amount
    FROM setup_payments sp
    JOIN mst_payments p ON p.tenant_id = sp.tenant_id AND p.id = sp.mst_payment_id AND p.deleted_at IS NULL
    WHERE sp.tenant_id = ${tenantId} AND sp.school_period_id = ${r.school_period_id}
      AND sp.deleted_at IS NULL AND p.mst_type_payment_id = ${typeId}
      AND (sp.mst_class_id IS NULL OR sp.mst_class_id = ${r.mst_class_id})
      AND sp.mst_jalur_id IS NULL
    ORDER BY sp.mst_payment_id, (sp.mst_class_id IS NULL)`.execute(db);
  return rows.rows.map((x) => ({ mst_payment_id: x.mst_payment_id, name: x.name, amount: Number(x.amount) }));
}

/** Unique-code suffixes already taken by open bills of the type with the same amount before the suffix. */
export async function usedSuffixes({ db, tenantId }: TenantConn, typeId: number, base: number) {
  const rows = await db
    .selectFrom('registrant_header_payments')
    .select(sql<string>`total_amount - ${base}`.as('s'))
    .where('tenant_id', '=', tenantId)
    .where('mst_type_payment_id', '=', typeId)
    .where('unique_suffix', '=', true)
    .where('state', 'in', ['draft', 'published', 'partially_paid'])
    .where('total_amount', '>', base)
    .where('total_amount', '<', base + 1000)
    .execute();
  return rows.map((r) => Number(r.s));
}

const dateText = (d: Date | string) =>
  typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10);
const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * Whole bills (lines, installments, each installment's latest charge) by a filter on the header. Parents
 * see published ones only; staff see drafts too.
 */
export async function billViews(
  c: TenantConn,
  where: { registrantId?: number; ids?: number[]; includeDrafts: boolean },
): Promise<BillView[]> {
  const { db, tenantId } = c;
  let q = db
    .selectFrom('registrant_header_payments as h')
    .innerJoin('registrants as r', (j) =>
      j.onRef('r.tenant_id', '=', 'h.tenant_id').onRef('r.id', '=', 'h.registrant_id'),
    )
    .innerJoin('schools as s', (j) =>
      j.onRef('s.tenant_id', '=', 'h.tenant_id').onRef('s.id', '=', 'h.school_id'),
    )
    .innerJoin('mst_type_payments as t', (j) =>
      j.onRef('t.tenant_id', '=', 'h.tenant_id').onRef('t.id', '=', 'h.mst_type_payment_id'),
    )
    .select([
      'h.id',
      'h.registrant_id',
      'r.name as registrant_name',
      'r.registration_number',
      's.name as school_name',
      'h.mst_type_payment_id',
      't.name as type_name',
      'h.state',
      'h.total_amount',
      'h.discount_amount',
      'h.voluntary_amount',
      'h.paid_amount',
      'h.due_date',
      'h.channels',
      'h.published_at',
      'h.paid_at',
      'h.needs_review',
      'h.version',
    ])
    .where('h.tenant_id', '=', tenantId)
    .where('h.deleted_at', 'is', null)
    .where('h.state', '<>', 'cancelled')
    .orderBy('h.id');
  if (where.registrantId) q = q.where('h.registrant_id', '=', where.registrantId);
  if (where.ids) q = q.where('h.id', 'in', where.ids.length ? where.ids : [0]);
  if (!where.includeDrafts)
    q = q
      .where('h.state', '<>', 'draft')
      // A bill meant for the graduation announcement reaches the parent once the registrant is accepted.
      .where(sql.raw<boolean>(BILLED_TO_FAMILY_SQL));
  const headers = await q.execute();
  if (headers.length === 0) return [];
  const ids = headers.map((h) => h.id);
  // One connection runs one query at a time: these go one after another.
  const lines = await db
    .selectFrom('registrant_detail_payments')
    .select(['id', 'header_id', 'kind', 'name', 'amount'])
    .where('tenant_id', '=', tenantId)
    .where('header_id', 'in', ids)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  const installments = await db
    .selectFrom('registrant_installment_payments')
    .select(['id', 'header_id', 'seq', 'amount', 'due_date', 'paid_at', 'paid_via'])
    .where('tenant_id', '=', tenantId)
    .where('header_id', 'in', ids)
    .orderBy('seq')
    .execute();
  const charges = await db
    .selectFrom('payment_charges')
    .select([...CHARGE_COLUMNS, 'installment_id'])
    .distinctOn('installment_id')
    .where('tenant_id', '=', tenantId)
    .where('header_id', 'in', ids)
    .where('status', 'not in', ['error', 'cancel'])
    .orderBy('installment_id')
    .orderBy('created_at', 'desc')
    .execute();
  const chargeOf = new Map(charges.map((ch) => [ch.installment_id, toChargeView(ch)]));
  return headers.map((h) => {
    const own = installments.filter((i) => i.header_id === h.id);
    const views = own.map((i) => ({
      id: i.id,
      seq: i.seq,
      amount: Number(i.amount),
      due_date: i.due_date ? dateText(i.due_date) : null,
      paid_at: iso(i.paid_at),
      paid_via: i.paid_via as 'provider' | 'manual' | null,
      charge: chargeOf.get(i.id) ?? null,
      receipt_reference: i.paid_at ? paymentReceiptReference(h.registration_number, i.id) : null,
    }));
    return {
      id: h.id,
      registrant_id: h.registrant_id,
      registrant_name: h.registrant_name,
      registration_number: h.registration_number,
      school_name: h.school_name,
      mst_type_payment_id: h.mst_type_payment_id,
      type_name: h.type_name,
      state: h.state,
      status: h.state === 'paid' ? 1 : 0,
      is_expired: views.some((i) => !i.paid_at && i.charge?.is_expired),
      total_amount: Number(h.total_amount),
      discount_amount: Number(h.discount_amount),
      voluntary_amount: Number(h.voluntary_amount),
      paid_amount: Number(h.paid_amount),
      due_date: h.due_date ? dateText(h.due_date) : null,
      channels: h.channels,
      published_at: iso(h.published_at),
      paid_at: iso(h.paid_at),
      needs_review: h.needs_review,
      version: h.version,
      lines: lines
        .filter((l) => l.header_id === h.id)
        .map((l) => ({ id: l.id, kind: l.kind, name: l.name, amount: Number(l.amount) })),
      installments: views,
    };
  });
}

/** Sum of the versions of a registrant's bills: moves whenever any of them changes. */
export async function billsVersion({ db, tenantId }: TenantConn, registrantId: number) {
  const r = await db
    .selectFrom('registrant_header_payments')
    .select(sql<string>`coalesce(sum(version), 0) + count(*)`.as('v'))
    .where('tenant_id', '=', tenantId)
    .where('registrant_id', '=', registrantId)
    .executeTakeFirstOrThrow();
  return Number(r.v);
}

export function billHistory({ db, tenantId }: TenantConn, headerId: number) {
  return db
    .selectFrom('payment_history as ph')
    .leftJoin('users as u', (j) =>
      j.onRef('u.tenant_id', '=', 'ph.tenant_id').onRef('u.id', '=', 'ph.user_id'),
    )
    .select([
      'ph.id',
      'ph.action',
      'ph.from_state',
      'ph.to_state',
      'ph.reason',
      'ph.detail',
      'ph.created_at',
      'u.name as user_name',
    ])
    .where('ph.tenant_id', '=', tenantId)
    .where('ph.header_id', '=', headerId)
    .orderBy('ph.created_at')
    .orderBy('ph.id')
    .execute();
}
