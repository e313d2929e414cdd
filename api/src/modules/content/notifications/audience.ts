import type { Audience, NotificationPlaceholder, NotificationTemplate } from '@psb/contracts';
import { type Expression, sql } from 'kysely';
import type { Db, TenantConn } from '../../../db/tenant-db';
import { OUTBOX_COLUMNS, preferredAddress, preferredChannel } from './outbox';
import { renderInSql } from './tenant-templates';

/**
 * The registrants a staff member sends to (live registrants matching the filters; row-level security keeps a
 * school-scoped role to its schools), and their messages rendered in SQL, so enqueueing ten thousand is one
 * INSERT … SELECT.
 */

/** "Senin, 7 Desember 2026" — the {tanggal} placeholder. */
export function indonesianDate(iso: string | null | undefined): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat('id-ID', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));
}

function audienceBase(db: Db, tenantId: number, a: Audience) {
  let q = db
    .selectFrom('registrants as r')
    .innerJoin('users as u', (j) =>
      j.onRef('u.tenant_id', '=', 'r.tenant_id').onRef('u.id', '=', 'r.user_id'),
    )
    .innerJoin('schools as s', (j) =>
      j.onRef('s.tenant_id', '=', 'r.tenant_id').onRef('s.id', '=', 'r.school_id'),
    )
    .innerJoin('school_periods as p', (j) =>
      j.onRef('p.tenant_id', '=', 'r.tenant_id').onRef('p.id', '=', 'r.school_period_id'),
    )
    .where('r.tenant_id', '=', tenantId)
    .where('r.deleted_at', 'is', null)
    .where('u.deleted_at', 'is', null);
  if (a.school_id) q = q.where('r.school_id', '=', a.school_id);
  if (a.school_period_id) q = q.where('r.school_period_id', '=', a.school_period_id);
  if (a.status === 'submitted') q = q.where('r.is_submit', '=', true);
  if (a.status === 'verified') q = q.where('r.is_verified', '=', true);
  if (a.status === 'accepted') q = q.where('r.is_accepted', '=', true);
  if (a.status === 'not_accepted') q = q.where('r.is_accepted', '=', false);
  return q;
}

/** Each placeholder's value for the row being rendered. */
function placeholderValues(a: Audience): Record<NotificationPlaceholder, Expression<unknown>> {
  return {
    nama: sql`coalesce(r.name, u.name)`,
    nama_orang_tua: sql`u.name`,
    no_pendaftaran: sql`r.registration_number`,
    sekolah: sql`s.name`,
    periode: sql`p.name`,
    tanggal: sql`${indonesianDate(a.tanggal)}::text`,
    keterangan: sql`${a.keterangan ?? ''}::text`,
  };
}

export async function countAudience({ db, tenantId }: TenantConn, a: Audience): Promise<number> {
  const row = await audienceBase(db, tenantId, a)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function previewAudience(
  { db, tenantId }: TenantConn,
  a: Audience,
  t: NotificationTemplate,
  limit: number,
) {
  const values = placeholderValues(a);
  return audienceBase(db, tenantId, a)
    .select((eb) => [
      sql<string>`coalesce(r.name, u.name)`.as('registrant_name'),
      preferredChannel(eb).as('channel'),
      preferredAddress(eb).as('address'),
      renderInSql(t.subject, values).as('subject'),
      renderInSql(t.body, values).as('body'),
    ])
    .orderBy('r.id')
    .limit(limit)
    .execute();
}

/**
 * Writes one outbox message per registrant of the audience (dedup key `<prefix><registrant id>`: asking
 * twice with the same prefix writes nothing new). Returns how many were written.
 */
export async function enqueueAudience(
  { db, tenantId }: TenantConn,
  a: Audience,
  t: NotificationTemplate & { key: string },
  dedupPrefix: string,
  jobId: number,
): Promise<number> {
  const values = placeholderValues(a);
  const rows = await db
    .insertInto('notifications')
    .columns(OUTBOX_COLUMNS)
    .expression(
      audienceBase(db, tenantId, a).select((eb) => [
        'r.tenant_id',
        'r.user_id',
        'r.school_id',
        preferredChannel(eb).as('channel'),
        preferredAddress(eb).as('address'),
        eb.val(t.key).as('template'),
        sql<string>`jsonb_build_object('registrant_id', r.id, 'tanggal', ${a.tanggal ?? null}::text)`.as(
          'data',
        ),
        renderInSql(t.subject, values).as('subject'),
        renderInSql(t.body, values).as('body'),
        sql<string>`${dedupPrefix}::text || r.id`.as('dedup_key'),
        eb.val(jobId).as('job_id'),
      ]),
    )
    .onConflict((oc) => oc.columns(['tenant_id', 'dedup_key']).doNothing())
    .executeTakeFirst();
  return Number(rows.numInsertedOrUpdatedRows ?? 0);
}
