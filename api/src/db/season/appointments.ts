import type { PoolClient } from '../pool';
import { bulkInsert, nextIds } from './bulk';
import type { Frame } from './frame';
import type { Random } from './random';
import type { SeasonRegistrant } from './registrants';

const PLACES_PER_SLOT = 6;
const DAY = 86_400_000;
const isoDay = (d: Date) => new Date(d.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Interview slots of the coming days for each period with verified or scheduled registrants (a room slot, and
 * every third one on a video call), about two in three of those registrants booked by their parents, and a
 * few slots left with places or empty — what the parents' bookings would have written.
 */
export async function insertAppointments(
  client: PoolClient,
  f: Frame,
  registrants: SeasonRegistrant[],
  rnd: Random,
  now: Date,
) {
  const coming = registrants.filter((r) => r.status === 'verified' || r.status === 'scheduled');
  const byPeriod = new Map<number, SeasonRegistrant[]>();
  for (const r of coming) byPeriod.set(r.place.periodId, [...(byPeriod.get(r.place.periodId) ?? []), r]);
  const rooms = new Map<number, number>();
  for (const schoolId of new Set(coming.map((r) => r.place.schoolId))) {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO mst_rooms (tenant_id, school_id, name, location, capacity)
       VALUES ($1, $2, 'Ruang Wawancara', 'Gedung Utama', ${PLACES_PER_SLOT})
       ON CONFLICT (tenant_id, school_id, name) DO UPDATE SET updated_at = now() RETURNING id`,
      [f.tenantId, schoolId],
    );
    rooms.set(schoolId, rows[0]!.id);
  }
  const plan = [...byPeriod].map(([periodId, group]) => {
    const booked = group.filter(() => rnd.next() < 2 / 3);
    return { periodId, group, booked, slots: Math.ceil(booked.length / PLACES_PER_SLOT) + 2 };
  });
  const slotIds = await nextIds(
    client,
    'appointment_slots',
    plan.reduce((n, p) => n + p.slots, 0),
  );
  const bookingIds = await nextIds(
    client,
    'appointment_bookings',
    plan.reduce((n, p) => n + p.booked.length, 0),
  );
  const slots: unknown[][] = [];
  const bookings: unknown[][] = [];
  let s = 0;
  let b = 0;
  for (const p of plan) {
    const schoolId = p.group[0]!.place.schoolId;
    for (let k = 0; k < p.slots; k++) {
      const id = slotIds[s++]!;
      const members = p.booked.slice(k * PLACES_PER_SLOT, (k + 1) * PLACES_PER_SLOT);
      const start = 8 * 60 + (k % 8) * 30;
      const online = k % 3 === 2;
      slots.push([
        f.tenantId,
        id,
        p.periodId,
        'wawancara',
        isoDay(new Date(now.getTime() + (2 + Math.floor(k / 8)) * DAY)),
        hhmm(start),
        hhmm(start + 30),
        rooms.get(schoolId),
        online ? 'https://meet.contoh.id/wawancara' : null,
        k % 2 === 0 ? 'Bu Sari' : 'Pak Andi',
        PLACES_PER_SLOT,
        members.length,
        new Date(now.getTime() - 7 * DAY),
        new Date(now.getTime() + DAY),
        24,
        f.staffId,
      ]);
      for (const r of members)
        bookings.push([
          f.tenantId,
          bookingIds[b++],
          r.id,
          schoolId,
          id,
          'wawancara',
          new Date(now.getTime() - rnd.int(1, 6) * DAY),
          r.userId,
        ]);
    }
  }
  await bulkInsert(
    client,
    'appointment_slots',
    [
      ['tenant_id', 'int'],
      ['id', 'int'],
      ['school_period_id', 'int'],
      ['kind', 'text'],
      ['slot_date', 'date'],
      ['start_time', 'text'],
      ['end_time', 'text'],
      ['mst_room_id', 'int'],
      ['video_link', 'text'],
      ['interviewer', 'text'],
      ['capacity', 'int'],
      ['booked', 'int'],
      ['booking_opens_at', 'timestamptz'],
      ['booking_closes_at', 'timestamptz'],
      ['change_cutoff_hours', 'int'],
      ['created_by', 'int'],
    ],
    slots,
  );
  await bulkInsert(
    client,
    'appointment_bookings',
    [
      ['tenant_id', 'int'],
      ['id', 'int'],
      ['registrant_id', 'int'],
      ['school_id', 'int'],
      ['appointment_slot_id', 'int'],
      ['kind', 'text'],
      ['booked_at', 'timestamptz'],
      ['booked_by', 'int'],
    ],
    bookings,
  );
  return { slots: slots.length, bookings: bookings.length };
}
