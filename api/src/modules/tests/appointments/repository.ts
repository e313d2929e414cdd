import type { AppointmentKind, AppointmentSlot } from '@psb/contracts';
import { sql } from 'kysely';
import type { TenantConn } from '../../../db/tenant-db';

/** The moment a slot starts: its day and WIB time. */
const startsAt = sql<Date>`((s.slot_date + s.start_time::time) AT TIME ZONE 'Asia/Jakarta')`;
/** The last moment the parent may move or cancel a booking of the slot. */
export const changeUntil = sql<Date>`(${startsAt} - make_interval(hours => s.change_cutoff_hours))`;

/** Live slots with their room's name, as every list shows them. */
export function slots(c: TenantConn) {
  return c.db
    .selectFrom('appointment_slots as s')
    .leftJoin('mst_rooms as m', (j) =>
      j.onRef('m.tenant_id', '=', 's.tenant_id').onRef('m.id', '=', 's.mst_room_id'),
    )
    .select([
      's.id',
      's.school_period_id',
      sql<AppointmentKind>`s.kind`.as('kind'),
      sql<string>`s.slot_date::text`.as('slot_date'),
      's.start_time',
      's.end_time',
      's.mst_room_id',
      'm.name as room_name',
      's.video_link',
      's.interviewer',
      's.capacity',
      's.booked',
      sql<string>`to_json(s.booking_opens_at) #>> '{}'`.as('booking_opens_at'),
      sql<string>`to_json(s.booking_closes_at) #>> '{}'`.as('booking_closes_at'),
      's.change_cutoff_hours',
    ])
    .where('s.tenant_id', '=', c.tenantId)
    .where('s.deleted_at', 'is', null)
    .orderBy('s.slot_date')
    .orderBy('s.start_time')
    .orderBy('s.id');
}

export const slotById = (c: TenantConn, id: number) => slots(c).where('s.id', '=', id).executeTakeFirst();

export function periodSlots(c: TenantConn, periodId: number, kind?: AppointmentKind) {
  let q = slots(c).where('s.school_period_id', '=', periodId);
  if (kind) q = q.where('s.kind', '=', kind);
  return q.execute();
}

/** Slots a parent may book now: open window, places left, not started. */
export function bookableSlots(c: TenantConn, periodId: number) {
  return slots(c)
    .where('s.school_period_id', '=', periodId)
    .where(sql<boolean>`now() >= s.booking_opens_at AND now() < s.booking_closes_at`)
    .where(sql<boolean>`s.booked < s.capacity`)
    .where(sql<boolean>`${startsAt} > now()`)
    .execute();
}

/** One day's slots of the caller's schools (row-level security narrows them) with their school's name. */
export function daySlots(c: TenantConn, date: string) {
  return slots(c)
    .innerJoin('schools as sc', (j) =>
      j.onRef('sc.tenant_id', '=', 's.tenant_id').onRef('sc.id', '=', 's.school_id'),
    )
    .select('sc.name as school_name')
    .where('s.slot_date', '=', date)
    .execute();
}

/** The live bookings of the given slots, with who booked. */
export function bookingsOfSlots(c: TenantConn, slotIds: number[]) {
  if (slotIds.length === 0) return Promise.resolve([]);
  return c.db
    .selectFrom('appointment_bookings as b')
    .innerJoin('registrants as r', (j) =>
      j.onRef('r.tenant_id', '=', 'b.tenant_id').onRef('r.id', '=', 'b.registrant_id'),
    )
    .select([
      'b.appointment_slot_id',
      'b.registrant_id',
      'r.registration_number',
      'r.name',
      sql<string>`to_json(b.booked_at) #>> '{}'`.as('booked_at'),
      sql<number | null>`(SELECT rt.mst_test_detail_id FROM registrant_tests rt
        WHERE rt.tenant_id = b.tenant_id AND rt.registrant_id = b.registrant_id AND rt.deleted_at IS NULL
        ORDER BY rt.id LIMIT 1)`.as('score_session_id'),
    ])
    .where('b.tenant_id', '=', c.tenantId)
    .where('b.appointment_slot_id', 'in', slotIds)
    .where('b.cancelled_at', 'is', null)
    .orderBy('b.booked_at')
    .orderBy('b.id')
    .execute();
}

/** A registrant's live bookings, each with its slot and until when it may change. */
export function registrantBookings(c: TenantConn, registrantId: number) {
  return slots(c)
    .innerJoin('appointment_bookings as b', (j) =>
      j.onRef('b.tenant_id', '=', 's.tenant_id').onRef('b.appointment_slot_id', '=', 's.id'),
    )
    .select([
      'b.id as booking_id',
      sql<string>`to_json(b.booked_at) #>> '{}'`.as('booked_at'),
      sql<string>`to_json(${changeUntil}) #>> '{}'`.as('change_until'),
      sql<boolean>`${changeUntil} > now()`.as('can_change'),
    ])
    .where('b.registrant_id', '=', registrantId)
    .where('b.cancelled_at', 'is', null)
    .execute();
}

/** The registrant the parent or staff act for, with what booking depends on. */
export function registrantForBooking(c: TenantConn, id: number) {
  return c.db
    .selectFrom('registrants')
    .select(['id', 'user_id', 'school_id', 'school_period_id', 'status'])
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Takes one place of the slot when it may be booked now by a registrant of `periodId`. Concurrent bookers
 * queue on the slot's row lock and each re-reads `booked` once it is its turn, so a slot never gives more
 * places than it has.
 */
export async function takePlace(c: TenantConn, slotId: number, periodId: number) {
  const row = await c.db
    .updateTable('appointment_slots as s')
    .set({ booked: sql`s.booked + 1`, updated_at: sql`now()` })
    .where('s.tenant_id', '=', c.tenantId)
    .where('s.id', '=', slotId)
    .where('s.deleted_at', 'is', null)
    .where('s.school_period_id', '=', periodId)
    .where(sql<boolean>`s.booked < s.capacity`)
    .where(sql<boolean>`now() >= s.booking_opens_at AND now() < s.booking_closes_at`)
    .where(sql<boolean>`${startsAt} > now()`)
    .returning(['s.id', sql<AppointmentKind>`s.kind`.as('kind')])
    .executeTakeFirst();
  return row;
}

/** Gives back one place of the slot (a cancelled or moved booking). */
export async function givePlace(c: TenantConn, slotId: number) {
  await c.db
    .updateTable('appointment_slots')
    .set({ booked: sql`booked - 1`, updated_at: sql`now()` })
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', slotId)
    .execute();
}

/** Locks the given slots in id order (so two moves in opposite directions never wait on each other). */
export async function lockSlots(c: TenantConn, ids: number[]) {
  return c.db
    .selectFrom('appointment_slots as s')
    .select([
      's.id',
      sql<AppointmentKind>`s.kind`.as('kind'),
      's.school_period_id',
      's.booked',
      's.capacity',
      sql<boolean>`now() >= s.booking_opens_at AND now() < s.booking_closes_at AND ${startsAt} > now()`.as(
        'open',
      ),
      sql<boolean>`${changeUntil} > now()`.as('changeable'),
    ])
    .where('s.tenant_id', '=', c.tenantId)
    .where('s.id', 'in', ids)
    .where('s.deleted_at', 'is', null)
    .orderBy('s.id')
    .forUpdate()
    .execute();
}

/** The registrant's live booking of one kind, locked. */
export function liveBooking(c: TenantConn, registrantId: number, kind: AppointmentKind) {
  return c.db
    .selectFrom('appointment_bookings')
    .select(['id', 'appointment_slot_id'])
    .where('tenant_id', '=', c.tenantId)
    .where('registrant_id', '=', registrantId)
    .where('kind', '=', kind)
    .where('cancelled_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export function insertBooking(
  c: TenantConn,
  b: { registrantId: number; schoolId: number; slotId: number; kind: AppointmentKind; userId: number },
) {
  return c.db
    .insertInto('appointment_bookings')
    .values({
      tenant_id: c.tenantId,
      registrant_id: b.registrantId,
      school_id: b.schoolId,
      appointment_slot_id: b.slotId,
      kind: b.kind,
      booked_by: b.userId,
    })
    .execute();
}

/** The booking now holds the new slot; its reminder is owed again. */
export function moveBooking(c: TenantConn, bookingId: number, slotId: number, userId: number) {
  return c.db
    .updateTable('appointment_bookings')
    .set({
      appointment_slot_id: slotId,
      booked_by: userId,
      booked_at: sql`now()`,
      reminded_at: null,
      updated_at: sql`now()`,
    })
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', bookingId)
    .execute();
}

export function cancelBooking(c: TenantConn, bookingId: number) {
  return c.db
    .updateTable('appointment_bookings')
    .set({ cancelled_at: sql`now()`, updated_at: sql`now()` })
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', bookingId)
    .execute();
}

export async function insertSlot(
  c: TenantConn,
  v: Omit<AppointmentSlot, 'id' | 'booked' | 'room_name'>,
  userId: number,
) {
  const { id } = await c.db
    .insertInto('appointment_slots')
    .values({ ...v, tenant_id: c.tenantId, created_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Archives a slot nobody holds; false when it has bookings or is not there. */
export async function deleteFreeSlot(c: TenantConn, id: number) {
  const r = await c.db
    .updateTable('appointment_slots')
    .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where('booked', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The period (visible under the caller's schools) and whether the room is of its school. */
export function periodAndRoom(c: TenantConn, periodId: number, roomId: number | null) {
  return c.db
    .selectFrom('school_periods as p')
    .select([
      'p.id',
      'p.school_id',
      sql<boolean>`${roomId}::int IS NULL OR EXISTS (SELECT 1 FROM mst_rooms m WHERE m.tenant_id = p.tenant_id
        AND m.id = ${roomId}::int AND (m.school_id IS NULL OR m.school_id = p.school_id))`.as('room_ok'),
    ])
    .where('p.tenant_id', '=', c.tenantId)
    .where('p.id', '=', periodId)
    .executeTakeFirst();
}
