import type { NotificationPlaceholder } from '@psb/contracts';
import { type Expression, sql } from 'kysely';
import type { TenantConn } from '../../../db/tenant-db';
import { loadTemplate, renderInSql } from './tenant-templates';

const MONTHS = sql.raw(
  "ARRAY['Januari','Februari','Maret','April','Mei','Juni','Juli','Agustus','September','Oktober','November','Desember']",
);
const DAYS = sql.raw("ARRAY['Minggu','Senin','Selasa','Rabu','Kamis','Jumat','Sabtu']");

/**
 * What the placeholders of the tenant's schedule template (Notifikasi Jadwal Tes/Observasi) stand for in a
 * seat's message: {tanggal} is the test day ("Senin, 18 Januari 2027"), {keterangan} the test type, WIB
 * times, room, what to bring and the session's notes. Aliases: r registrant, u parent, s school, p period,
 * d session, t test type, m room.
 */
const SEAT_VALUES: Record<NotificationPlaceholder, Expression<unknown>> = {
  nama: sql`coalesce(r.name, u.name)`,
  nama_orang_tua: sql`u.name`,
  no_pendaftaran: sql`r.registration_number`,
  sekolah: sql`s.name`,
  periode: sql`p.name`,
  tanggal: sql`(${DAYS})[extract(dow FROM d.test_date)::int + 1] || ', ' || extract(day FROM d.test_date)::int ||
    ' ' || (${MONTHS})[extract(month FROM d.test_date)::int] || ' ' || extract(year FROM d.test_date)::int`,
  keterangan: sql`t.name || ', pukul ' || d.start_time || '–' || d.end_time || ' WIB, di ' || m.name ||
    coalesce(' (' || m.location || ')', '') || '.' || coalesce(' Yang perlu dibawa: ' || t.bring_items, '') ||
    coalesce(' Catatan: ' || d.notes, '')`,
};

/**
 * Each seat's schedule message in the tenant's schedule template, written to the outbox (once per seat and
 * session: a moved registrant is told again). Rendered in SQL, so a bulk assignment queues thousands in one
 * statement; the tests domain marks the seats notified.
 */
export async function queueSeatMessages(c: TenantConn, seatIds: number[]) {
  const template = await loadTemplate(c, 'test_schedule');
  await sql`
    INSERT INTO notifications (tenant_id, user_id, school_id, channel, address, template, data, subject, body,
                               dedup_key)
    SELECT rt.tenant_id, u.id, r.school_id,
           CASE WHEN u.phone_number IS NOT NULL THEN 'whatsapp' ELSE 'email' END,
           coalesce(u.phone_number, u.email), 'test_schedule_seat',
           jsonb_build_object('registrant_id', r.id, 'registrant_test_id', rt.id, 'mst_test_detail_id', d.id),
           ${renderInSql(template.subject, SEAT_VALUES)}, ${renderInSql(template.body, SEAT_VALUES)},
           'test-seat:' || rt.id || ':' || d.id
    FROM registrant_tests rt
    JOIN registrants r ON r.tenant_id = rt.tenant_id AND r.id = rt.registrant_id
    JOIN users u ON u.tenant_id = r.tenant_id AND u.id = r.user_id
    JOIN schools s ON s.tenant_id = r.tenant_id AND s.id = r.school_id
    JOIN school_periods p ON p.tenant_id = r.tenant_id AND p.id = r.school_period_id
    JOIN mst_test_details d ON d.tenant_id = rt.tenant_id AND d.id = rt.mst_test_detail_id
    JOIN mst_tests t ON t.tenant_id = d.tenant_id AND t.id = d.mst_test_id
    JOIN mst_rooms m ON m.tenant_id = d.tenant_id AND m.id = d.mst_room_id
    WHERE rt.tenant_id = ${c.tenantId} AND rt.id = ANY(${seatIds}::int[]) AND rt.deleted_at IS NULL
    ON CONFLICT (tenant_id, dedup_key) DO NOTHING`.execute(c.db);
}
