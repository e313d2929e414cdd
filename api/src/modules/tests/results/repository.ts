import { type GraduationListQuery, resultKindOf } from '@psb/contracts';
import { sql } from 'kysely';
import type { TenantConn } from '../../../db/tenant-db';
import { BILLED_TO_FAMILY_SQL } from '../../payments';
import { joinPlacement, registrantsAsR } from '../../registrants';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A live accepted status with its kind (accepted / rejected / reserve), or undefined. */
export async function acceptedStatus(c: TenantConn, id: number) {
  const s = await c.db
    .selectFrom('mst_accepted_statuses')
    .select(['id', 'name', 'is_accepted', 'is_reserve'])
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return s && { id: s.id, name: s.name, kind: resultKindOf(s) };
}

export async function acceptedStatusOptions(c: TenantConn) {
  const rows = await c.db
    .selectFrom('mst_accepted_statuses')
    .select(['id', 'name', 'is_accepted', 'is_reserve'])
    .where('tenant_id', '=', c.tenantId)
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .execute();
  return rows.map((s) => ({ id: s.id, name: s.name, kind: resultKindOf(s) }));
}

function graduationRows(c: TenantConn) {
  return joinPlacement(registrantsAsR(c.db))
    .leftJoin('mst_accepted_statuses as a', (j) =>
      j.onRef('a.tenant_id', '=', 'r.tenant_id').onRef('a.id', '=', 'r.mst_accepted_status_id'),
    )
    .where('r.tenant_id', '=', c.tenantId)
    .where('r.deleted_at', 'is', null);
}

/** The staff's graduation list: registrants that went past verification, with their result (draft or out). */
export async function listGraduation(c: TenantConn, q: GraduationListQuery) {
  let b = graduationRows(c).where('r.status', 'in', [
    'verified',
    'scheduled',
    'tested',
    'accepted',
    'rejected',
    'reserve',
    're_registered',
    'withdrawn',
  ]);
  if (q.school_id) b = b.where('r.school_id', '=', q.school_id);
  if (q.school_period_id) b = b.where('r.school_period_id', '=', q.school_period_id);
  if (q.mst_class_id) b = b.where('r.mst_class_id', '=', q.mst_class_id);
  if (q.status) b = b.where('r.status', '=', q.status);
  if (q.published === 'true') b = b.where('r.result_published_at', 'is not', null);
  if (q.published === 'false') b = b.where('r.result_published_at', 'is', null);
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    b = b.where((eb) => eb.or([eb('r.name', 'ilike', like), eb('r.registration_number', 'ilike', like)]));
  }
  const [rows, count] = await Promise.all([
    b
      .select([
        'r.id',
        'r.registration_number',
        'r.name',
        's.name as school_name',
        'p.name as school_period_name',
        'k.name as mst_class_name',
        'r.status',
        'r.mst_accepted_status_id',
        'a.name as accepted_status_name',
        'a.is_accepted',
        'a.is_reserve',
        'r.result_note',
        'r.result_published_at',
        'r.reserve_rank',
      ])
      .orderBy('r.submitted_at')
      .orderBy('r.id')
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page)
      .execute(),
    b.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: count.n,
    data: rows.map(({ is_accepted, is_reserve, ...r }) => ({
      ...r,
      status: r.status as never,
      result_kind:
        is_accepted === null || is_reserve === null ? null : resultKindOf({ is_accepted, is_reserve }),
      result_published_at: iso(r.result_published_at),
    })),
  };
}

/** What a letter, SPOTC, result card or recap of one registrant is filled with. */
export async function documentValues(c: TenantConn, id: number) {
  return graduationRows(c)
    .innerJoin('users as u', (j) =>
      j.onRef('u.tenant_id', '=', 'r.tenant_id').onRef('u.id', '=', 'r.user_id'),
    )
    .select([
      'r.id',
      'r.user_id',
      'r.school_id',
      'r.name',
      'r.registration_number',
      'r.status',
      'r.question_answer',
      'r.result_published_at',
      'r.result_note',
      's.name as school_name',
      'p.name as school_period_name',
      'k.name as mst_class_name',
      'y.name as school_year_name',
      'u.name as parent_name',
      'a.name as accepted_status_name',
      'a.is_accepted',
      'a.is_reserve',
    ])
    .where('r.id', '=', id)
    .executeTakeFirst();
}
export type DocumentRow = NonNullable<Awaited<ReturnType<typeof documentValues>>>;

/** Bills marked to be shown with the result (published, not cancelled), once the registrant is accepted. */
export function graduationBills(c: TenantConn, registrantId: number) {
  return c.db
    .selectFrom('registrant_header_payments as h')
    .innerJoin('mst_type_payments as t', (j) =>
      j.onRef('t.tenant_id', '=', 'h.tenant_id').onRef('t.id', '=', 'h.mst_type_payment_id'),
    )
    .innerJoin('registrants as r', (j) =>
      j.onRef('r.tenant_id', '=', 'h.tenant_id').onRef('r.id', '=', 'h.registrant_id'),
    )
    .select(['h.id', 't.name as type_name', 'h.total_amount', 'h.paid_amount', 'h.state'])
    .where('h.tenant_id', '=', c.tenantId)
    .where('h.registrant_id', '=', registrantId)
    .where('h.show_at_graduation', '=', true)
    .where(sql.raw<boolean>(BILLED_TO_FAMILY_SQL))
    .where('h.deleted_at', 'is', null)
    .where('h.state', 'not in', ['draft', 'cancelled'])
    .orderBy('h.id')
    .execute();
}

/** Counts per period of the results (published ones by kind, the rest as not yet published). */
export function graduationRecap(c: TenantConn, schoolPeriodId?: number) {
  let q = joinPlacement(registrantsAsR(c.db))
    .leftJoin('mst_accepted_statuses as a', (j) =>
      j.onRef('a.tenant_id', '=', 'r.tenant_id').onRef('a.id', '=', 'r.mst_accepted_status_id'),
    )
    .select([
      's.name as school_name',
      'r.school_period_id',
      'p.name as school_period_name',
      sql<number>`count(*)::int`.as('total'),
      sql<number>`count(*) FILTER (WHERE r.result_published_at IS NOT NULL AND r.status <> 'withdrawn' AND a.is_accepted)::int`.as(
        'accepted',
      ),
      sql<number>`count(*) FILTER (WHERE r.result_published_at IS NOT NULL AND r.status <> 'withdrawn' AND a.is_reserve)::int`.as(
        'reserve',
      ),
      sql<number>`count(*) FILTER (WHERE r.result_published_at IS NOT NULL AND r.status <> 'withdrawn' AND NOT a.is_accepted AND NOT a.is_reserve)::int`.as(
        'rejected',
      ),
      sql<number>`count(*) FILTER (WHERE r.result_published_at IS NULL AND r.status <> 'withdrawn')::int`.as(
        'unpublished',
      ),
      sql<number>`count(*) FILTER (WHERE r.status = 'withdrawn')::int`.as('withdrawn'),
    ])
    .where('r.tenant_id', '=', c.tenantId)
    .where('r.deleted_at', 'is', null)
    .where('r.is_verified', '=', true)
    .groupBy(['s.name', 'r.school_period_id', 'p.name'])
    .orderBy('s.name')
    .orderBy('p.name');
  if (schoolPeriodId) q = q.where('r.school_period_id', '=', schoolPeriodId);
  return q.execute();
}

/**
 * Places freed by accepted registrants who withdrew and that no reserve registrant has taken yet, each with
 * the first registrant of the reserve list of the same period and class (by rank, then by publication) who
 * is not already proposed for an earlier place.
 */
export async function reserveProposals(c: TenantConn) {
  const vacancies = await joinPlacement(registrantsAsR(c.db))
    .select([
      'r.id',
      'r.name',
      'r.registration_number',
      'r.school_period_id',
      'r.mst_class_id',
      'p.name as school_period_name',
      'k.name as mst_class_name',
    ])
    .where('r.tenant_id', '=', c.tenantId)
    .where('r.status', '=', 'withdrawn')
    .where('r.is_accepted', '=', true)
    .where('r.result_published_at', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('reserve_moves as m')
            .select('m.id')
            .whereRef('m.tenant_id', '=', 'r.tenant_id')
            .whereRef('m.withdrawn_registrant_id', '=', 'r.id'),
        ),
      ),
    )
    // A seat the reserve list refilled by itself is no proposal.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('offers as o')
            .select('o.id')
            .whereRef('o.tenant_id', '=', 'r.tenant_id')
            .whereRef('o.released_registrant_id', '=', 'r.id'),
        ),
      ),
    )
    .orderBy('r.withdrawn_at')
    .orderBy('r.id')
    .limit(500)
    .execute();
  const taken = new Set<number>();
  const out = [];
  for (const v of vacancies) {
    const candidates = await reserveList(c, v.school_period_id, v.mst_class_id);
    const next = candidates.find((x) => !taken.has(x.id)) ?? null;
    if (next) taken.add(next.id);
    out.push({
      withdrawn: { id: v.id, name: v.name, registration_number: v.registration_number },
      proposed: next,
      school_period_name: v.school_period_name,
      mst_class_name: v.mst_class_name,
    });
  }
  return out;
}

/** The reserve list of a period and class, first to move up first. */
export function reserveList(c: TenantConn, schoolPeriodId: number, classId: number) {
  return c.db
    .selectFrom('registrants')
    .select(['id', 'name', 'registration_number', 'reserve_rank'])
    .where('tenant_id', '=', c.tenantId)
    .where('school_period_id', '=', schoolPeriodId)
    .where('mst_class_id', '=', classId)
    .where('status', '=', 'reserve')
    .where('result_published_at', 'is not', null)
    .where('deleted_at', 'is', null)
    .orderBy(sql`reserve_rank NULLS LAST`)
    .orderBy('result_published_at')
    .orderBy('id')
    .limit(50)
    .execute();
}
