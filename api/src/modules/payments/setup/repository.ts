import type {
  ConvenienceFeeRule,
  PublicConvenienceFee,
  SchoolPaymentOverview,
  SchoolPaymentOverviewParams,
} from '@psb/contracts';
import { sql } from 'kysely';
import type { Db } from '../../../db/kysely';
import { FEE_RULE_COLUMNS } from '../convenience-fee';

/** Sort expressions by the whitelisted sort key (never text from the request). */
const SORTS = {
  school_name: sql`s.name`,
  school_period_name: sql`p.name`,
  mst_type_payment_name: sql`t.sort_order, t.name`,
  due_date: sql`sp.due_date`,
  setup_count: sql`setup_count`,
} as const;

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/**
 * School payments with their school, period and type names, the number of live setup lines of that period
 * whose component is of that type, and the amount billed per class: the lines of the class plus the lines for
 * every class (lines limited to one jalur are left out of the totals: they depend on the registrant's jalur).
 * A class appears once it has a line of its own; "every class" (null) shows when such lines exist.
 */
export async function schoolPaymentOverview(db: Db, tenantId: number, q: SchoolPaymentOverviewParams) {
  const where = [sql`sp.tenant_id = ${tenantId}`];
  where.push(q.show_deleted === 'true' ? sql`sp.deleted_at IS NOT NULL` : sql`sp.deleted_at IS NULL`);
  if (q.school_id !== undefined) where.push(sql`p.school_id = ${q.school_id}`);
  if (q.school_period_id !== undefined) where.push(sql`sp.school_period_id = ${q.school_period_id}`);
  if (q.mst_type_payment_id !== undefined) where.push(sql`sp.mst_type_payment_id = ${q.mst_type_payment_id}`);
  const term = q.search?.trim();
  if (term) {
    const like = likePattern(term);
    where.push(sql`(t.name ILIKE ${like} OR p.name ILIKE ${like} OR s.name ILIKE ${like})`);
  }
  const dir = q.sort_value === 'desc' ? sql`DESC` : sql`ASC`;
  const order = q.sort_column ? SORTS[q.sort_column] : sql`s.name, p.name, t.sort_order, t.name`;
  const { rows } = await sql<SchoolPaymentOverview & { full_count: number }>`
    WITH lines AS (
      SELECT l.school_period_id, m.mst_type_payment_id, l.mst_class_id, l.mst_jalur_id, l.amount
      FROM setup_payments l
      JOIN mst_payments m ON m.tenant_id = l.tenant_id AND m.id = l.mst_payment_id
      WHERE l.tenant_id = ${tenantId} AND l.deleted_at IS NULL
    )
    SELECT sp.id, p.school_id, s.name AS school_name, sp.school_period_id, p.name AS school_period_name,
           sp.mst_type_payment_id, t.name AS mst_type_payment_name, sp.channels, sp.expiry_hours,
           to_char(sp.due_date, 'YYYY-MM-DD') AS due_date, sp.max_installments,
           sp.generate_after_registration, sp.show_at_graduation, sp.mst_coa_id,
           to_json(sp.created_at) #>> '{}' AS created_at, to_json(sp.updated_at) #>> '{}' AS updated_at,
           to_json(sp.deleted_at) #>> '{}' AS deleted_at,
           (SELECT count(*)::int FROM lines x
            WHERE x.school_period_id = sp.school_period_id AND x.mst_type_payment_id = sp.mst_type_payment_id
           ) AS setup_count,
           COALESCE((
             SELECT json_agg(json_build_object('mst_class_id', c.mst_class_id, 'mst_class_name', k.name,
                      'total', (SELECT COALESCE(sum(x.amount), 0)::bigint FROM lines x
                                WHERE x.school_period_id = sp.school_period_id
                                  AND x.mst_type_payment_id = sp.mst_type_payment_id AND x.mst_jalur_id IS NULL
                                  AND (x.mst_class_id IS NULL OR x.mst_class_id = c.mst_class_id)))
                    ORDER BY k.name NULLS FIRST)
             FROM (SELECT DISTINCT x.mst_class_id FROM lines x
                   WHERE x.school_period_id = sp.school_period_id
                     AND x.mst_type_payment_id = sp.mst_type_payment_id AND x.mst_jalur_id IS NULL) c
             LEFT JOIN mst_classes k ON k.tenant_id = ${tenantId} AND k.id = c.mst_class_id
           ), '[]') AS totals,
           count(*) OVER ()::int AS full_count
    FROM school_payments sp
    JOIN school_periods p ON p.tenant_id = sp.tenant_id AND p.id = sp.school_period_id
    JOIN schools s ON s.tenant_id = p.tenant_id AND s.id = p.school_id
    JOIN mst_type_payments t ON t.tenant_id = sp.tenant_id AND t.id = sp.mst_type_payment_id
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY ${order} ${dir}, sp.id ${dir}
    LIMIT ${q.page_size} OFFSET ${(q.page - 1) * q.page_size}`.execute(db);
  // Past the last page there is no row to carry the count: count apart then.
  const total =
    rows[0]?.full_count ??
    (q.page > 1
      ? (
          await sql<{ n: number }>`SELECT count(*)::int AS n FROM school_payments sp
            JOIN school_periods p ON p.tenant_id = sp.tenant_id AND p.id = sp.school_period_id
            JOIN schools s ON s.tenant_id = p.tenant_id AND s.id = p.school_id
            JOIN mst_type_payments t ON t.tenant_id = sp.tenant_id AND t.id = sp.mst_type_payment_id
            WHERE ${sql.join(where, sql` AND `)}`.execute(db)
        ).rows[0]!.n
      : 0);
  return { total, data: rows.map(({ full_count: _, ...r }) => r) };
}

/** The active, live fee of every channel, in channel order (the parent's choice of channel). */
export async function activeConvenienceFees(db: Db): Promise<PublicConvenienceFee[]> {
  const rows = await db
    .selectFrom('convenience_fees')
    .select([...FEE_RULE_COLUMNS, 'name', 'channel'])
    .where('is_active', '=', true)
    .where('deleted_at', 'is', null)
    .orderBy('channel')
    .execute();
  return rows;
}

/** A live convenience fee's rule (active or not: staff preview a fee before switching it on). */
export async function liveConvenienceFee(db: Db, id: number): Promise<ConvenienceFeeRule | undefined> {
  const row = await db
    .selectFrom('convenience_fees')
    .select(FEE_RULE_COLUMNS)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row;
}
