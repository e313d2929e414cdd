import type { RegistrantAdminQuery } from '@psb/contracts';
import { sql } from 'kysely';
import type { Db } from '../../../db/kysely';
import { joinPlacement, registrantsAsR } from '../placement';
import { documentStateCondition } from './document-state-filter';
import { paymentStatusCondition } from './payment-status-filter';

/** Registrants with their parent account, live or archived, narrowed by every filter of the staff list. */
export function filteredRegistrants(
  db: Db,
  tenantId: number,
  q: RegistrantAdminQuery,
  { withStatus = true }: { withStatus?: boolean } = {},
) {
  // No join here: the counts and the total read the registrants alone (the parent is only searched).
  let b = registrantsAsR(db)
    .where('r.tenant_id', '=', tenantId)
    .where('r.deleted_at', q.show_deleted === 'true' ? 'is not' : 'is', null);
  if (q.school_id) b = b.where('r.school_id', '=', q.school_id);
  if (q.school_year_id) b = b.where('r.school_year_id', '=', q.school_year_id);
  if (q.school_period_id) b = b.where('r.school_period_id', '=', q.school_period_id);
  if (q.mst_class_id) b = b.where('r.mst_class_id', '=', q.mst_class_id);
  if (withStatus && q.status) b = b.where('r.status', '=', q.status);
  if (q.is_submit) b = b.where('r.is_submit', '=', q.is_submit === 'true');
  if (q.is_test) b = b.where('r.is_test', '=', q.is_test === 'true');
  if (q.is_internal) b = b.where('r.is_internal', '=', q.is_internal === 'true');
  if (q.is_accepted === 'null') b = b.where('r.is_accepted', 'is', null);
  else if (q.is_accepted) b = b.where('r.is_accepted', '=', q.is_accepted === 'true');
  // Calendar days in WIB, written so the created_at index still serves the range.
  if (q.date_from)
    b = b.where(
      'r.created_at',
      '>=',
      sql<Date>`(${q.date_from}::date)::timestamp AT TIME ZONE 'Asia/Jakarta'`,
    );
  if (q.date_to)
    b = b.where(
      'r.created_at',
      '<',
      sql<Date>`(${q.date_to}::date + 1)::timestamp AT TIME ZONE 'Asia/Jakarta'`,
    );
  if (q.payment_status) b = b.where(paymentStatusCondition(q.payment_status));
  if (q.document_state) b = b.where(documentStateCondition(q.document_state));
  const search = q.search?.trim();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    const digits = search.replace(/\D/g, '');
    b = b.where((eb) =>
      eb.or([
        eb('r.name', 'ilike', like),
        eb('r.registration_number', 'ilike', like),
        eb.exists(
          eb
            .selectFrom('users as su')
            .select('su.id')
            .whereRef('su.tenant_id', '=', 'r.tenant_id')
            .whereRef('su.id', '=', 'r.user_id')
            .where((w) =>
              w.or([
                w('su.email', 'ilike', like),
                ...(digits.length >= 4 ? [w('su.phone_number', 'like', `%${digits}%`)] : []),
              ]),
            ),
        ),
      ]),
    );
  }
  return b;
}

/** The filtered registrants joined to the names the list and the export show. */
export function namedRegistrants(db: Db, tenantId: number, q: RegistrantAdminQuery) {
  return joinPlacement(filteredRegistrants(db, tenantId, q)).innerJoin('users as u', (j) =>
    j.onRef('u.tenant_id', '=', 'r.tenant_id').onRef('u.id', '=', 'r.user_id'),
  );
}
