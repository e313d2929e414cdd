import type { NotificationKind, NotificationPlaceholder, NotificationTemplate } from '@psb/contracts';
import { type Expression, type RawBuilder, sql } from 'kysely';
import type { TenantConn } from '../../../db/tenant-db';

/**
 * The tenant's message templates to parents (Notifikasi Jadwal Tes/Observasi, Notifikasi Kelulusan), read by
 * every module that writes such a message — the staff's bulk send, the automatic schedule message of a test
 * seat, the published result — so a text the school saved is the text parents get.
 */

/** The texts a tenant starts with; saving a template replaces it for that tenant. */
export const DEFAULT_TEMPLATES: Record<NotificationKind, NotificationTemplate> = {
  test_schedule: {
    subject: 'Jadwal Tes/Observasi {nama}',
    body:
      'Yth. Bapak/Ibu {nama_orang_tua},\n\nTes/observasi calon murid {nama} (no. pendaftaran {no_pendaftaran}) ' +
      'di {sekolah} dijadwalkan pada {tanggal}. {keterangan}\n\nTerima kasih.',
  },
  graduation: {
    subject: 'Pengumuman Kelulusan {nama}',
    body:
      'Yth. Bapak/Ibu {nama_orang_tua},\n\nHasil seleksi calon murid {nama} (no. pendaftaran {no_pendaftaran}) ' +
      'di {sekolah} periode {periode} sudah dapat dilihat di aplikasi PSB sejak {tanggal}. {keterangan}',
  },
};

/** The tenant's saved template of that kind, else the default. */
export async function loadTemplate({ db, tenantId }: TenantConn, key: NotificationKind) {
  const row = await db
    .selectFrom('notification_templates')
    .select(['subject', 'body'])
    .where('tenant_id', '=', tenantId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? { ...row, is_default: false } : { ...DEFAULT_TEMPLATES[key], is_default: true };
}

/** `text` with every placeholder replaced by its value, in SQL (so one statement renders thousands of rows). */
export function renderInSql(
  text: string,
  values: Record<NotificationPlaceholder, Expression<unknown>>,
): RawBuilder<string> {
  let out: RawBuilder<string> = sql<string>`${text}::text`;
  for (const [name, value] of Object.entries(values)) {
    out = sql<string>`replace(${out}, ${`{${name}}`}::text, coalesce((${value})::text, ''))`;
  }
  return sql<string>`btrim(${out})`;
}

/**
 * The tenant's saved texts of the given template keys (another domain's messages, e.g. the offers', whose
 * defaults that domain keeps); a key never saved is absent.
 */
export async function savedTemplates({ db, tenantId }: TenantConn, keys: readonly string[]) {
  const rows = await db
    .selectFrom('notification_templates')
    .select(['key', 'subject', 'body'])
    .where('tenant_id', '=', tenantId)
    .where('key', 'in', [...keys])
    .execute();
  return new Map(rows.map((r) => [r.key, { subject: r.subject, body: r.body }]));
}
