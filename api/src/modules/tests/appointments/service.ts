import {
  APPOINTMENT_MSG,
  type AppointmentBooking,
  type AppointmentDaySlot,
  type AppointmentKind,
  type appointmentSlotCreateSchema,
  type ParentAppointments,
} from '@psb/contracts';
import type { z } from 'zod';
import type { TenantConn } from '../../../db/tenant-db';
import { HttpError, notFound } from '../../../lib/http-error';
import type { AuthContext } from '../../../types';
import {
  bookableSlots,
  bookingsOfSlots,
  cancelBooking,
  daySlots,
  deleteFreeSlot,
  givePlace,
  insertBooking,
  insertSlot,
  liveBooking,
  lockSlots,
  moveBooking,
  periodAndRoom,
  periodSlots,
  registrantBookings,
  registrantForBooking,
  slotById,
  takePlace,
} from './repository';

type SlotInput = z.output<typeof appointmentSlotCreateSchema>;

/** A registrant may hold an appointment while it is still before its test results. */
const MAY_BOOK = new Set(['draft', 'form_complete', 'submitted', 'verified', 'scheduled']);

const conflict = (message: string) => new HttpError(409, message);

export async function createSlot(c: TenantConn, userId: number, v: SlotInput) {
  const roomId = v.mst_room_id ?? null;
  const p = await periodAndRoom(c, v.school_period_id, roomId);
  if (!p) throw notFound('Periode pendaftaran tidak ditemukan.');
  if (!p.room_ok) throw new HttpError(422, APPOINTMENT_MSG.roomOfOtherSchool);
  const id = await insertSlot(
    c,
    {
      school_period_id: v.school_period_id,
      kind: v.kind,
      slot_date: v.slot_date,
      start_time: v.start_time,
      end_time: v.end_time,
      mst_room_id: roomId,
      video_link: v.video_link ?? null,
      interviewer: v.interviewer,
      capacity: v.capacity,
      booking_opens_at: v.booking_opens_at,
      booking_closes_at: v.booking_closes_at,
      change_cutoff_hours: v.change_cutoff_hours,
    },
    userId,
  );
  return (await slotById(c, id))!;
}

export async function removeSlot(c: TenantConn, id: number) {
  if (await deleteFreeSlot(c, id)) return;
  if (!(await slotById(c, id))) throw notFound();
  throw conflict(APPOINTMENT_MSG.hasBookings);
}

export const listSlots = periodSlots;

/** A day's slots, each with the registrants holding its places. */
export async function daySchedule(c: TenantConn, date: string): Promise<AppointmentDaySlot[]> {
  const rows = await daySlots(c, date);
  const bookings = await bookingsOfSlots(
    c,
    rows.map((s) => s.id),
  );
  return rows.map((s) => ({
    ...s,
    bookings: bookings
      .filter((b) => b.appointment_slot_id === s.id)
      .map(({ appointment_slot_id: _s, ...b }) => b),
  }));
}

/** The registrant of the caller: their own child (a parent), else not found. */
async function ownRegistrant(c: TenantConn, auth: AuthContext, id: number) {
  const r = await registrantForBooking(c, id);
  if (!r || auth.audience !== 'user' || r.user_id !== auth.user.id) throw notFound();
  return r;
}

async function bookingsOf(c: TenantConn, registrantId: number): Promise<AppointmentBooking[]> {
  const rows = await registrantBookings(c, registrantId);
  return rows.map(({ booking_id: _b, booked_at, change_until, can_change, ...slot }) => ({
    kind: slot.kind,
    slot,
    booked_at,
    change_until,
    can_change,
  }));
}

export async function parentAppointments(
  c: TenantConn,
  auth: AuthContext,
  id: number,
): Promise<ParentAppointments> {
  const r = await ownRegistrant(c, auth, id);
  const bookings = await bookingsOf(c, r.id);
  const held = new Set(bookings.map((b) => b.slot.id));
  const open = MAY_BOOK.has(r.status) ? await bookableSlots(c, r.school_period_id) : [];
  return { bookings, slots: open.filter((s) => !held.has(s.id)) };
}

const bookingOfKind = async (c: TenantConn, registrantId: number, kind: AppointmentKind) =>
  (await bookingsOf(c, registrantId)).find((b) => b.kind === kind)!;

/** Why a slot could not give a place, told from its row (read again after the refused update). */
async function refusal(c: TenantConn, slotId: number, periodId: number) {
  const s = await slotById(c, slotId);
  if (!s) return notFound('Slot jadwal tidak ditemukan.');
  if (s.school_period_id !== periodId) return new HttpError(422, APPOINTMENT_MSG.notForRegistrant);
  if (s.booked >= s.capacity) return conflict(APPOINTMENT_MSG.full);
  return conflict(APPOINTMENT_MSG.closed);
}

const isUniqueViolation = (e: unknown) => (e as { code?: string } | null)?.code === '23505';

/** A new booking: one place taken and the booking written in the caller's transaction. */
export async function book(c: TenantConn, auth: AuthContext, id: number, slotId: number) {
  const r = await ownRegistrant(c, auth, id);
  if (!MAY_BOOK.has(r.status)) throw conflict(APPOINTMENT_MSG.notEligible);
  const taken = await takePlace(c, slotId, r.school_period_id);
  if (!taken) throw await refusal(c, slotId, r.school_period_id);
  try {
    await insertBooking(c, {
      registrantId: r.id,
      schoolId: r.school_id,
      slotId,
      kind: taken.kind,
      userId: auth.user.id,
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(APPOINTMENT_MSG.alreadyBooked);
    throw e;
  }
  return bookingOfKind(c, r.id, taken.kind);
}

/**
 * The booking moved to another slot of its kind, in one transaction: both slots locked (in id order), the new
 * place taken, and only then the old one given back; a refusal anywhere leaves the old booking as it was.
 */
export async function move(c: TenantConn, auth: AuthContext, id: number, slotId: number) {
  const r = await ownRegistrant(c, auth, id);
  if (!MAY_BOOK.has(r.status)) throw conflict(APPOINTMENT_MSG.notEligible);
  const target = await slotById(c, slotId);
  if (!target) throw notFound('Slot jadwal tidak ditemukan.');
  const current = await liveBooking(c, r.id, target.kind);
  if (!current) throw conflict(APPOINTMENT_MSG.noBooking);
  if (current.appointment_slot_id === slotId) throw conflict(APPOINTMENT_MSG.sameSlot);
  const locked = await lockSlots(c, [current.appointment_slot_id, slotId]);
  const old = locked.find((s) => s.id === current.appointment_slot_id);
  if (old && !old.changeable) throw conflict(APPOINTMENT_MSG.pastCutoff);
  const taken = await takePlace(c, slotId, r.school_period_id);
  if (!taken) throw await refusal(c, slotId, r.school_period_id);
  await moveBooking(c, current.id, slotId, auth.user.id);
  await givePlace(c, current.appointment_slot_id);
  return bookingOfKind(c, r.id, target.kind);
}

export async function cancel(c: TenantConn, auth: AuthContext, id: number, kind: AppointmentKind) {
  const r = await ownRegistrant(c, auth, id);
  const current = await liveBooking(c, r.id, kind);
  if (!current) throw conflict(APPOINTMENT_MSG.noBooking);
  const [slot] = await lockSlots(c, [current.appointment_slot_id]);
  if (slot && !slot.changeable) throw conflict(APPOINTMENT_MSG.pastCutoff);
  await cancelBooking(c, current.id);
  await givePlace(c, current.appointment_slot_id);
}
