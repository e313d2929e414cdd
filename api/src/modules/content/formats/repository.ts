import type { DocumentKind } from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';

export async function upsertFormat(
  c: TenantConn,
  userId: number,
  schoolId: number,
  kind: DocumentKind,
  template: unknown,
) {
  const value = JSON.stringify(template);
  await c.db
    .insertInto('document_formats')
    .values({ tenant_id: c.tenantId, school_id: schoolId, kind, template: value, updated_by: userId })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'school_id', 'kind'])
        .doUpdateSet({ template: value, updated_by: userId, updated_at: new Date() }),
    )
    .execute();
}

/** A live school the caller may see (row-level security hides another school's), with what the letter head needs. */
export function visibleSchool(c: TenantConn, schoolId: number) {
  return c.db
    .selectFrom('schools')
    .select(['id', 'name', 'address'])
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', schoolId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function activeYearName(c: TenantConn) {
  return c.db
    .selectFrom('school_years')
    .select('name')
    .where('tenant_id', '=', c.tenantId)
    .where('is_active', '=', true)
    .where('deleted_at', 'is', null)
    .orderBy('start_date', 'desc')
    .executeTakeFirst();
}
