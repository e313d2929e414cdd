import { sql } from 'kysely';
import type { TenantConn } from '../../../db/tenant-db';
import { loadTemplate, writeOutbox } from '../../content';
import { documentValues } from './repository';

const dateWib = (d: Date) =>
  new Intl.DateTimeFormat('id-ID', { dateStyle: 'full', timeZone: 'Asia/Jakarta' }).format(d);

/**
 * The parent's "result is out" message, written to the outbox in the publishing transaction with the
 * school's graduation template. The message only says where to look — the result itself is read in the app.
 */
export async function resultMessage(c: TenantConn, registrantId: number, dedupKey: string) {
  const r = await documentValues(c, registrantId);
  if (!r) return false;
  const t = await loadTemplate(c, 'graduation');
  const { now } = await sql<{ now: Date }>`select now() as now`.execute(c.db).then((x) => x.rows[0]!);
  const values: Record<string, string> = {
    nama: r.name ?? '',
    nama_orang_tua: r.parent_name ?? '',
    no_pendaftaran: r.registration_number ?? '',
    sekolah: r.school_name,
    periode: r.school_period_name,
    tanggal: dateWib(now),
    keterangan: '',
  };
  const fill = (s: string) => s.replace(/\{([a-z_]+)\}/g, (m, k: string) => values[k] ?? m).trim();
  return writeOutbox(c, {
    userId: r.user_id,
    schoolId: r.school_id,
    template: 'graduation',
    data: { registrant_id: registrantId },
    subject: fill(t.subject),
    body: fill(t.body),
    dedupKey,
  });
}
