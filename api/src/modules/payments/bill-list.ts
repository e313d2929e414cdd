import { BILL_STATE_LABELS, BILL_STATES, type BillListQuery } from '@psb/contracts';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from '../../db/generated/database';
import type { TenantConn } from '../../db/tenant-db';
import { COUNTED_BILL_SQL } from './counted-bills';

type Q = SelectQueryBuilder<
  DB & { h: DB['registrant_header_payments']; r: DB['registrants'] },
  'h' | 'r',
  object
>;

/** A bill counts as expired while something is still owed and its latest charge's time has passed. */
const expiredExpr = sql<boolean>`(h.state IN ('published', 'partially_paid') AND EXISTS (
  SELECT 1 FROM payment_charges pc
  JOIN registrant_installment_payments ip ON ip.tenant_id = pc.tenant_id AND ip.id = pc.installment_id
  WHERE pc.tenant_id = h.tenant_id AND pc.header_id = h.id AND ip.paid_at IS NULL
    AND (pc.status = 'expire' OR (pc.status = 'pending' AND pc.expires_at <= now()))
    AND NOT EXISTS (SELECT 1 FROM payment_charges o WHERE o.tenant_id = pc.tenant_id
      AND o.installment_id = pc.installment_id AND o.created_at > pc.created_at AND o.status NOT IN ('error', 'cancel'))))`;

function filtered(
  c: TenantConn,
  q: Omit<BillListQuery, 'page' | 'limit' | 'sort' | 'order'>,
  withState: boolean,
): Q {
  let b = c.db
    .selectFrom('registrant_header_payments as h')
    .innerJoin('registrants as r', (j) =>
      j.onRef('r.tenant_id', '=', 'h.tenant_id').onRef('r.id', '=', 'h.registrant_id'),
    )
    .where('h.tenant_id', '=', c.tenantId) as Q;
  b =
    q.show_deleted === 'true' ? b.where('h.deleted_at', 'is not', null) : b.where('h.deleted_at', 'is', null);
  if (q.type) b = b.where('h.mst_type_payment_id', '=', q.type);
  if (q.school_id) b = b.where('h.school_id', '=', q.school_id);
  if (q.school_year_id) b = b.where('r.school_year_id', '=', q.school_year_id);
  if (q.counted === 'true') b = b.where(sql.raw<boolean>(`(${COUNTED_BILL_SQL})`));
  if (q.school_period_id) b = b.where('r.school_period_id', '=', q.school_period_id);
  if (withState && q.state) b = b.where('h.state', '=', q.state);
  if (q.status === '1') b = b.where('h.state', '=', 'paid');
  if (q.status === '0') b = b.where('h.state', '<>', 'paid');
  if (q.needs_review === 'true') b = b.where('h.needs_review', 'is not', null);
  if (q.is_expired) b = b.where(q.is_expired === 'true' ? expiredExpr : sql<boolean>`NOT ${expiredExpr}`);
  if (q.filter_date_from)
    b = b.where(
      sql<boolean>`(h.created_at AT TIME ZONE 'Asia/Jakarta')::date >= ${q.filter_date_from}::date`,
    );
  if (q.filter_date_to)
    b = b.where(sql<boolean>`(h.created_at AT TIME ZONE 'Asia/Jakarta')::date <= ${q.filter_date_to}::date`);
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    b = b.where((eb) => eb.or([eb('r.name', 'ilike', like), eb('r.registration_number', 'ilike', like)]));
  }
  return b;
}

export async function listBills(c: TenantConn, q: BillListQuery) {
  const page = q.page ?? 1;
  const limit = q.limit ?? 25;
  const sort = q.sort ?? 'created_at';
  const order = q.order ?? 'desc';
  const sortCol = {
    created_at: 'h.created_at',
    registrant_name: 'r.name',
    total_amount: 'h.total_amount',
    paid_amount: 'h.paid_amount',
    state: 'h.state',
  } as const;
  const rows = await filtered(c, q, true)
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
      't.name as type_name',
      'h.state',
      'h.total_amount',
      'h.paid_amount',
      'h.due_date',
      'h.needs_review',
      'h.created_at',
      'h.deleted_at',
      expiredExpr.as('is_expired'),
    ])
    .orderBy(sortCol[sort], order)
    .orderBy('h.id', order)
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const byState = await filtered(c, q, false)
    .select([
      'h.state',
      sql<number>`count(*)::int`.as('n'),
      sql<number>`coalesce(sum(h.total_amount), 0)::float8`.as('billed'),
      sql<number>`coalesce(sum(h.paid_amount), 0)::float8`.as('paid'),
    ])
    .groupBy('h.state')
    .execute();
  const counts = Object.fromEntries(byState.map((x) => [x.state, x.n]));
  const shown = byState.filter((x) => !q.state || x.state === q.state);
  const total = shown.reduce((a, x) => a + x.n, 0);
  const billed = shown.reduce((a, x) => a + x.billed, 0);
  const paid = shown.reduce((a, x) => a + x.paid, 0);
  return {
    data: rows.map((r) => ({
      ...r,
      status: (r.state === 'paid' ? 1 : 0) as 0 | 1,
      total_amount: Number(r.total_amount),
      paid_amount: Number(r.paid_amount),
      due_date: r.due_date ? new Date(r.due_date).toISOString().slice(0, 10) : null,
      created_at: r.created_at.toISOString(),
      deleted_at: r.deleted_at?.toISOString() ?? null,
    })),
    total,
    page,
    limit,
    counts,
    sums: { billed, paid, outstanding: billed - paid },
  };
}

/** The ids of the filtered list (bulk actions over "everything shown"), at most `max`. */
export async function billIds(c: TenantConn, q: BillListQuery, max: number) {
  const rows = await filtered(c, q, true).select('h.id').orderBy('h.id').limit(max).execute();
  return rows.map((r) => r.id);
}

const wib = (col: string) =>
  sql<string>`to_char(${sql.ref(col)} AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD HH24:MI')`;
const stateLabel = sql<string>`CASE h.state ${sql.join(
  BILL_STATES.map((st) => sql`WHEN ${st} THEN ${BILL_STATE_LABELS[st]}`),
  sql` `,
)} END`;

export const BILL_EXPORT_LABELS = [
  'No. Pendaftaran',
  'Nama',
  'Sekolah',
  'Jenis Pembayaran',
  'Status',
  'Total Tagihan',
  'Keringanan',
  'Sukarela',
  'Dibayar',
  'Sisa',
  'Batas Pelunasan',
  'Diterbitkan',
  'Lunas',
  'Perlu Diperiksa',
];

/** Rows of the staff export, one per bill, formatted for the file (rupiah as whole numbers, times in WIB). */
export function exportQuery(c: TenantConn, q: BillListQuery) {
  return filtered(c, q, true)
    .innerJoin('schools as s', (j) =>
      j.onRef('s.tenant_id', '=', 'h.tenant_id').onRef('s.id', '=', 'h.school_id'),
    )
    .innerJoin('mst_type_payments as t', (j) =>
      j.onRef('t.tenant_id', '=', 'h.tenant_id').onRef('t.id', '=', 'h.mst_type_payment_id'),
    )
    .select([
      'r.registration_number',
      'r.name',
      's.name as school_name',
      't.name as type_name',
      stateLabel.as('state'),
      'h.total_amount',
      'h.discount_amount',
      'h.voluntary_amount',
      'h.paid_amount',
      sql<string>`h.total_amount - h.paid_amount`.as('rest'),
      sql<string>`to_char(h.due_date, 'YYYY-MM-DD')`.as('due'),
      wib('h.published_at').as('published'),
      wib('h.paid_at').as('paid'),
      'h.needs_review',
    ])
    .orderBy('h.id')
    .compile();
}
