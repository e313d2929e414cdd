import { APPOINTMENT_KIND_LABELS, type AppointmentKind, formatDate } from '@psb/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { kyselyOnPool } from '../../../db/kysely';
import { EVERY_SCHOOL, type TenantConn, withTenantTx } from '../../../db/tenant-db';
import { kickDelivery, writeOutbox } from '../../content';

/** Bookings whose slot is tomorrow (WIB) and whose parent has not been reminded, locked for this run. */
function dueTomorrow(c: TenantConn) {
  return c.db
    .selectFrom('appointment_bookings as b')
    .innerJoin('appointment_slots as s', (j) =>
      j.onRef('s.tenant_id', '=', 'b.tenant_id').onRef('s.id', '=', 'b.appointment_slot_id'),
    )
    .innerJoin('registrants as r', (j) =>
      j.onRef('r.tenant_id', '=', 'b.tenant_id').onRef('r.id', '=', 'b.registrant_id'),
    )
    .leftJoin('mst_rooms as m', (j) =>
      j.onRef('m.tenant_id', '=', 's.tenant_id').onRef('m.id', '=', 's.mst_room_id'),
    )
    .select([
      'b.id',
      'b.registrant_id',
      'b.school_id',
      'r.user_id',
      'r.name',
      sql<AppointmentKind>`b.kind`.as('kind'),
      sql<string>`s.slot_date::text`.as('slot_date'),
      's.start_time',
      's.end_time',
      'm.name as room_name',
      's.video_link',
      's.interviewer',
    ])
    .where('b.tenant_id', '=', c.tenantId)
    .where('b.cancelled_at', 'is', null)
    .where('b.reminded_at', 'is', null)
    .where('s.deleted_at', 'is', null)
    .where(sql<boolean>`s.slot_date = (now() AT TIME ZONE 'Asia/Jakarta')::date + 1`)
    .forUpdate('b')
    .skipLocked()
    .execute();
}

type Due = Awaited<ReturnType<typeof dueTomorrow>>[number];

function message(d: Due) {
  const what = APPOINTMENT_KIND_LABELS[d.kind];
  const where = [d.room_name && `Ruangan: ${d.room_name}`, d.video_link && `Tautan video: ${d.video_link}`]
    .filter(Boolean)
    .join('\n');
  return {
    subject: `Pengingat jadwal ${what.toLowerCase()} besok`,
    body:
      `Jadwal ${what.toLowerCase()} ${d.name ?? 'calon murid'} besok, ${formatDate(d.slot_date)} pukul ` +
      `${d.start_time}–${d.end_time} WIB, bersama ${d.interviewer}.\n${where}`,
  };
}

/**
 * Writes the day-before reminder of every booking due tomorrow to the outbox, once per booking and slot (a
 * moved booking is reminded again for its new slot); returns how many were written.
 */
export async function remindTomorrow(c: TenantConn): Promise<number> {
  const due = await dueTomorrow(c);
  for (const d of due)
    await writeOutbox(c, {
      userId: d.user_id,
      schoolId: d.school_id,
      template: 'appointment_reminder',
      data: { registrant_id: d.registrant_id, appointment_booking_id: d.id },
      ...message(d),
      dedupKey: `appointment-reminder:${d.id}:${d.slot_date}:${d.start_time}`,
    });
  if (due.length)
    await c.db
      .updateTable('appointment_bookings')
      .set({ reminded_at: sql`now()` })
      .where('tenant_id', '=', c.tenantId)
      .where(
        'id',
        'in',
        due.map((d) => d.id),
      )
      .execute();
  return due.length;
}

/** Every hour, each tenant's reminders for tomorrow (a booking made late in the day is still reminded). */
export function defineReminderJob(app: FastifyInstance) {
  const { jobs, pool } = app.ctx;
  jobs.every('appointments.remind', '0 * * * *', async () => {
    const tenants = await kyselyOnPool(pool)
      .selectFrom('tenants')
      .select('id')
      .where('disabled_at', 'is', null)
      .execute();
    for (const { id } of tenants) {
      const written = await withTenantTx(pool, id, remindTomorrow, EVERY_SCHOOL);
      if (written) await kickDelivery(jobs, id);
    }
  });
}
