import {
  type NotificationKind,
  type NotificationTemplate,
  unknownNotificationPlaceholders,
  unknownPlaceholderMessage,
} from '@psb/contracts';
import { sql } from 'kysely';
import type { TenantConn } from '../../db/tenant-db';
import { HttpError } from '../../lib/http-error';

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

/** Refuses a template naming a placeholder we cannot fill, naming each unknown one. */
export function assertKnownPlaceholders(t: NotificationTemplate) {
  const subject = unknownNotificationPlaceholders(t.subject);
  const body = unknownNotificationPlaceholders(t.body);
  if (subject.length === 0 && body.length === 0) return;
  const fields: Record<string, string> = {};
  if (subject.length) fields.subject = unknownPlaceholderMessage(subject);
  if (body.length) fields.body = unknownPlaceholderMessage(body);
  throw new HttpError(400, unknownPlaceholderMessage([...new Set([...subject, ...body])]), fields);
}

export async function loadTemplate({ db, tenantId }: TenantConn, key: NotificationKind) {
  const row = await db
    .selectFrom('notification_templates')
    .select(['subject', 'body'])
    .where('tenant_id', '=', tenantId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? { ...row, is_default: false } : { ...DEFAULT_TEMPLATES[key], is_default: true };
}

export async function saveTemplate(
  { db, tenantId }: TenantConn,
  key: NotificationKind,
  t: NotificationTemplate,
) {
  await db
    .insertInto('notification_templates')
    .values({ tenant_id: tenantId, key, subject: t.subject, body: t.body })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'key'])
        .doUpdateSet({ subject: t.subject, body: t.body, updated_at: sql`now()` }),
    )
    .execute();
}
