/**
 * Appointments through HTTP: staff publish slots, parents book, move and cancel; places are never given twice,
 * a move keeps the old place until the new one is held, the cut-off holds, staff read the day's schedule and
 * the day-before reminder reaches the outbox once.
 */
import { APPOINTMENT_MSG } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { newParent, openPeriod, registrantIn } from '../../../../test/parent-journey';
import { scoredSession } from '../../../../test/scored-session';
import { flags } from '../../../../test/staff';
import { EVERY_SCHOOL, withTenantTx } from '../../../db/tenant-db';
import { remindTomorrow } from './reminders';

jest.setTimeout(180_000);
const t = appPerFile();

type Period = Awaited<ReturnType<typeof openPeriod>>;
type Registrant = Awaited<ReturnType<typeof registrantIn<Period>>>;

/** `YYYY-MM-DD` in WIB, `days` from today. */
const dayWib = (days: number) =>
  new Date(Date.now() + 7 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
const hoursFromNow = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

async function roomOf(p: Period) {
  const { rows } = await t.ownerPool.query<{ id: number }>(
    `INSERT INTO mst_rooms (tenant_id, school_id, name, capacity) VALUES ($1, $2, $3, 40) RETURNING id`,
    [p.tenant_id, p.schoolId, `Ruang Wawancara ${p.periodId}-${Math.random().toString(36).slice(2, 7)}`],
  );
  return rows[0]!.id;
}

async function publish(p: Period, over: Record<string, unknown> = {}) {
  const res = await call(t.app, {
    method: 'POST',
    url: api('/appointment_slots'),
    token: t.admin,
    payload: {
      school_period_id: p.periodId,
      kind: 'wawancara',
      slot_date: dayWib(5),
      start_time: '09:00',
      end_time: '09:30',
      video_link: 'https://meet.contoh.id/wawancara',
      interviewer: 'Bu Sari',
      capacity: 10,
      booking_opens_at: hoursFromNow(-1),
      booking_closes_at: hoursFromNow(24 * 4),
      change_cutoff_hours: 24,
      ...over,
    },
  });
  expect(res.status).toBe(201);
  return (res.body.data as { id: number }).id;
}

const bookAs = (r: Registrant, slotId: number, method: 'POST' | 'PUT' = 'POST') =>
  call(t.app, {
    method,
    url: api(`/registrant/appointment/${r.id}`),
    token: r.parent.token,
    payload: { appointment_slot_id: slotId },
  });

async function placesOf(slotId: number) {
  const { rows } = await t.ownerPool.query<{ booked: number; live: number }>(
    `SELECT s.booked, (SELECT count(*)::int FROM appointment_bookings b
       WHERE b.tenant_id = s.tenant_id AND b.appointment_slot_id = s.id AND b.cancelled_at IS NULL) AS live
     FROM appointment_slots s WHERE s.id = $1`,
    [slotId],
  );
  return rows[0]!;
}

async function registrants(p: Period, n: number) {
  const out: Registrant[] = [];
  for (let i = 0; i < n; i++) out.push(await registrantIn(t, p));
  return out;
}

describe('appointments', () => {
  it('100 concurrent bookings for 10 places give exactly 10', async () => {
    const p = await openPeriod(t, { quota: 200 });
    const slot = await publish(p, { capacity: 10 });
    const many = await registrants(p, 100);
    const answers = await Promise.all(many.map((r) => bookAs(r, slot)));
    const codes = answers.map((a) => a.status);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(90);
    expect(answers.find((a) => a.status === 409)?.body.message).toBe(APPOINTMENT_MSG.full);
    expect(await placesOf(slot)).toEqual({ booked: 10, live: 10 });

    // A full slot is no longer offered to a parent who has not booked.
    const left = many[answers.findIndex((a) => a.status === 409)]!;
    const view = await call(t.app, {
      method: 'GET',
      url: api(`/registrant/appointment/${left.id}`),
      token: left.parent.token,
    });
    expect(view.status).toBe(200);
    expect((view.body.data as { slots: { id: number }[] }).slots.map((s) => s.id)).not.toContain(slot);
  });

  it('a move never loses the old place before the new one is held', async () => {
    const p = await openPeriod(t, { quota: 50 });
    const a = await publish(p, { capacity: 1 });
    const b = await publish(p, { capacity: 1, start_time: '10:00', end_time: '10:30' });
    const [x, y, ...others] = await registrants(p, 7);
    expect((await bookAs(x!, a)).status).toBe(201);
    expect((await bookAs(y!, b)).status).toBe(201);

    // The new slot is full: refused, and x still holds a.
    const refused = await bookAs(x!, b, 'PUT');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(APPOINTMENT_MSG.full);
    expect(await placesOf(a)).toEqual({ booked: 1, live: 1 });
    const mine = await call(t.app, {
      method: 'GET',
      url: api(`/registrant/appointment/${x!.id}`),
      token: x!.parent.token,
    });
    expect(
      (mine.body.data as { bookings: { slot: { id: number } }[] }).bookings.map((k) => k.slot.id),
    ).toEqual([a]);

    // b frees up; x moves while five others race for a: x ends in b, and a gives its one place at most once.
    const cancelled = await call(t.app, {
      method: 'DELETE',
      url: api(`/registrant/appointment/${y!.id}/wawancara`),
      token: y!.parent.token,
    });
    expect(cancelled.status).toBe(200);
    const [moved, ...raced] = await Promise.all([bookAs(x!, b, 'PUT'), ...others.map((o) => bookAs(o, a))]);
    expect(moved!.status).toBe(200);
    expect(raced.filter((r) => r.status === 201).length).toBeLessThanOrEqual(1);
    expect(await placesOf(b)).toEqual({ booked: 1, live: 1 });
    const afterA = await placesOf(a);
    expect(afterA.booked).toBe(afterA.live);
    expect(afterA.booked).toBe(raced.filter((r) => r.status === 201).length);
  });

  it('past the cut-off a booking cannot be moved or cancelled; a second booking of a kind is refused', async () => {
    const p = await openPeriod(t);
    const soon = await publish(p, { change_cutoff_hours: 720 });
    const later = await publish(p, { start_time: '11:00', end_time: '11:30' });
    const [r] = await registrants(p, 1);
    expect((await bookAs(r!, soon)).status).toBe(201);
    const twice = await bookAs(r!, later);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(APPOINTMENT_MSG.alreadyBooked);
    const move = await bookAs(r!, later, 'PUT');
    expect(move.status).toBe(409);
    expect(move.body.message).toBe(APPOINTMENT_MSG.pastCutoff);
    const cancel = await call(t.app, {
      method: 'DELETE',
      url: api(`/registrant/appointment/${r!.id}/wawancara`),
      token: r!.parent.token,
    });
    expect(cancel.status).toBe(409);
    expect(await placesOf(soon)).toEqual({ booked: 1, live: 1 });
    expect(await placesOf(later)).toEqual({ booked: 0, live: 0 });
  });

  it('a closed window refuses; another family’s child is not found; staff input is checked in Indonesian', async () => {
    const p = await openPeriod(t);
    const closed = await publish(p, {
      booking_opens_at: hoursFromNow(24),
      booking_closes_at: hoursFromNow(48),
    });
    const [r] = await registrants(p, 1);
    const res = await bookAs(r!, closed);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(APPOINTMENT_MSG.closed);

    const open = await publish(p);
    const stranger = await newParent(t);
    const foreign = await call(t.app, {
      method: 'POST',
      url: api(`/registrant/appointment/${r!.id}`),
      token: stranger.token,
      payload: { appointment_slot_id: open },
    });
    expect(foreign.status).toBe(404);
    expect(await placesOf(open)).toEqual({ booked: 0, live: 0 });

    const bad = await call(t.app, {
      method: 'POST',
      url: api('/appointment_slots'),
      token: t.admin,
      payload: {
        school_period_id: p.periodId,
        kind: 'wawancara',
        slot_date: '2027-02-30',
        start_time: '10:00',
        end_time: '09:00',
        interviewer: 'Pak Budi',
        capacity: 5,
        booking_opens_at: hoursFromNow(-1),
        booking_closes_at: hoursFromNow(5),
      },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Isi ruangan atau tautan video.');

    // Without the module's permission staff are refused; parents cannot publish.
    const reader = await t.staff([flags('Jadwal Tes/Observasi', 'read')]);
    for (const token of [reader, r!.parent.token]) {
      const denied = await call(t.app, {
        method: 'POST',
        url: api('/appointment_slots'),
        token,
        payload: { school_period_id: p.periodId },
      });
      expect([401, 403]).toContain(denied.status);
    }
  });

  it('staff read a day per room and interviewer, and the reminder goes out once the day before', async () => {
    const p = await openPeriod(t);
    const room = await roomOf(p);
    const slot = await publish(p, {
      slot_date: dayWib(1),
      mst_room_id: room,
      video_link: null,
      interviewer: 'Pak Andi',
      change_cutoff_hours: 0,
    });
    const [r] = await registrants(p, 1);
    expect((await bookAs(r!, slot)).status).toBe(201);

    const day = await call(t.app, {
      method: 'GET',
      url: api(`/appointment_slots/day?date=${dayWib(1)}`),
      token: t.admin,
    });
    expect(day.status).toBe(200);
    const mine = (
      day.body.data as {
        id: number;
        interviewer: string;
        room_name: string;
        bookings: { registrant_id: number }[];
      }[]
    ).find((s) => s.id === slot);
    expect(mine).toMatchObject({ interviewer: 'Pak Andi', bookings: [{ registrant_id: r!.id }] });
    expect(mine?.room_name).toMatch(/^Ruang Wawancara/);

    // Staff of another school see none of it.
    const other = await t.staff(
      [flags('Jadwal Tes/Observasi', 'read')],
      [p.schoolId === p.sd ? p.smp : p.sd],
    );
    const hidden = await call(t.app, {
      method: 'GET',
      url: api(`/appointment_slots/day?date=${dayWib(1)}`),
      token: other,
    });
    expect(hidden.status).toBe(200);
    expect((hidden.body.data as { id: number }[]).map((s) => s.id)).not.toContain(slot);

    const run = () => withTenantTx(t.pool, p.tenant_id, remindTomorrow, EVERY_SCHOOL);
    expect(await run()).toBeGreaterThanOrEqual(1);
    expect(await run()).toBe(0);
    const { rows } = await t.ownerPool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM notifications WHERE template = 'appointment_reminder' AND data ->> 'registrant_id' = $1`,
      [String(r!.id)],
    );
    expect(rows[0]!.n).toBe(1);
  });
});

it('the day schedule leads to the scoring of a seated registrant', async () => {
  const seated = await scoredSession(t, 1);
  const r = seated.registrants[0]!;
  const slot = await publish(r, { slot_date: dayWib(3), start_time: '13:00', end_time: '13:30' });
  const booked = await call(t.app, {
    method: 'POST',
    url: api(`/registrant/appointment/${r.id}`),
    token: r.parent.token,
    payload: { appointment_slot_id: slot },
  });
  expect(booked.status).toBe(201);
  const day = await call(t.app, {
    method: 'GET',
    url: api(`/appointment_slots/day?date=${dayWib(3)}`),
    token: t.admin,
  });
  const mine = (
    day.body.data as { id: number; bookings: { registrant_id: number; score_session_id: number | null }[] }[]
  ).find((s) => s.id === slot);
  expect(mine?.bookings).toEqual([
    expect.objectContaining({ registrant_id: r.id, score_session_id: seated.session }),
  ]);
});
