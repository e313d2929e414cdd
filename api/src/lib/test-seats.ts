import { ASSIGN_MSG, type AssignMethod, type NotificationPlaceholder } from '@psb/contracts';
import { type Expression, sql } from 'kysely';
import type { TenantConn } from '../db/tenant-db';
import { HttpError, notFound } from './http-error';
import { loadTemplate, renderInSql } from './notification-templates';
import { todayWib } from './period-open';
import { scheduleSeated } from './registrant-status';

/**
 * Seats in test sessions, shared by the test-assignment module and the registrant submit (generate_schedule).
 *
 * Every change of seats holds the rows of the sessions it touches locked (`FOR UPDATE`, always in id order,
 * so two assignments never wait on each other crosswise), counts free seats under that lock — the smaller of
 * the session's quota and its room's capacity, less `used_quota` — and moves `used_quota` together with the
 * registrant_tests rows in the same transaction. The CHECK `used_quota <= quota` and the unique live seat per
 * registrant and test type are the database's last word.
 */

/** States in which a registrant takes part in tests (submitted, not yet given a result). */
export const SEATABLE_STATUSES = ['submitted', 'verified', 'scheduled', 'tested'] as const;

export interface PlacedSeat {
  registrant_id: number;
  registrant_test_id: number;
  mst_test_id: number;
  mst_test_detail_id: number;
  moved_from: number | null;
}
export interface SkippedSeat {
  registrant_id: number;
  mst_test_id: number | null;
  reason: string;
}
export interface SeatOutcome {
  placed: PlacedSeat[];
  skipped: SkippedSeat[];
}

interface LockedSession {
  id: number;
  name: string;
  mst_test_id: number;
  school_period_id: number;
  quota: number;
  capacity: number;
  used_quota: number;
  is_active: boolean;
  deleted_at: Date | null;
  test_date: string;
  start_time: string;
  upcoming: boolean;
}
const free = (s: LockedSession) => Math.max(0, Math.min(s.quota, s.capacity) - s.used_quota);

/** Sessions locked in id order: those of a period and test type, or the given ids. */
async function lockSessions(
  c: TenantConn,
  by: { periodId: number; testId: number } | { ids: number[] },
): Promise<LockedSession[]> {
  const where =
    'ids' in by
      ? sql`d.id = ANY(${by.ids}::int[])`
      : sql`d.school_period_id = ${by.periodId} AND d.mst_test_id = ${by.testId} AND d.deleted_at IS NULL`;
  const { rows } = await sql<LockedSession>`
    SELECT d.id, d.name, d.mst_test_id, d.school_period_id, d.quota, m.capacity, d.used_quota, d.is_active,
           d.deleted_at, to_char(d.test_date, 'YYYY-MM-DD') AS test_date, d.start_time,
           d.test_date >= ${todayWib} AS upcoming
    FROM mst_test_details d
    JOIN mst_rooms m ON m.tenant_id = d.tenant_id AND m.id = d.mst_room_id
    WHERE d.tenant_id = ${c.tenantId} AND ${where}
    ORDER BY d.id
    FOR UPDATE OF d`.execute(c.db);
  return rows;
}

/**
 * Seats still held by registrants who withdrew or were archived are given back, in the sessions just locked:
 * the withdrawal and archive paths belong to other modules, so the seats are reclaimed where they are counted.
 */
async function reclaimSeats(c: TenantConn, sessions: LockedSession[]) {
  if (sessions.length === 0) return;
  const { rows } = await sql<{ mst_test_detail_id: number }>`
    UPDATE registrant_tests rt SET deleted_at = now(), updated_at = now()
    FROM registrants r
    WHERE rt.tenant_id = ${c.tenantId} AND rt.mst_test_detail_id = ANY(${sessions.map((s) => s.id)}::int[])
      AND rt.deleted_at IS NULL AND r.tenant_id = rt.tenant_id AND r.id = rt.registrant_id
      AND (r.deleted_at IS NOT NULL OR r.status = 'withdrawn')
    RETURNING rt.mst_test_detail_id`.execute(c.db);
  if (rows.length === 0) return;
  const delta = new Map<number, number>();
  for (const r of rows) delta.set(r.mst_test_detail_id, (delta.get(r.mst_test_detail_id) ?? 0) - 1);
  await countSeats(c, delta);
  for (const s of sessions) s.used_quota += delta.get(s.id) ?? 0;
}

/** The given registrants that may take a seat in the period, in the given order, with their school. */
async function seatable(c: TenantConn, periodId: number, ids: number[]) {
  const rows = await c.db
    .selectFrom('registrants')
    .select(['id', 'school_id'])
    .where('tenant_id', '=', c.tenantId)
    .where('id', 'in', ids)
    .where('school_period_id', '=', periodId)
    .where('deleted_at', 'is', null)
    .where('status', 'in', [...SEATABLE_STATUSES])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r.school_id]));
  return ids.filter((id) => byId.has(id)).map((id) => ({ id, school_id: byId.get(id)! }));
}

async function insertSeats(
  c: TenantConn,
  testId: number,
  seats: { registrantId: number; schoolId: number; sessionId: number }[],
  method: AssignMethod,
  userId: number | null,
) {
  if (seats.length === 0) return [];
  const { rows } = await sql<{ id: number; registrant_id: number; mst_test_detail_id: number }>`
    INSERT INTO registrant_tests
      (tenant_id, registrant_id, school_id, mst_test_detail_id, mst_test_id, assigned_by, assign_method)
    SELECT ${c.tenantId}, x.r, x.s, x.d, ${testId}, ${userId}::int, ${method}
    FROM unnest(${seats.map((s) => s.registrantId)}::int[], ${seats.map((s) => s.schoolId)}::int[],
                ${seats.map((s) => s.sessionId)}::int[]) AS x(r, s, d)
    ON CONFLICT (tenant_id, registrant_id, mst_test_id) WHERE deleted_at IS NULL DO NOTHING
    RETURNING id, registrant_id, mst_test_detail_id`.execute(c.db);
  return rows;
}

/** Adds `delta` seats per session (negative frees them). */
async function countSeats(c: TenantConn, delta: Map<number, number>) {
  const entries = [...delta].filter(([, n]) => n !== 0);
  if (entries.length === 0) return;
  await sql`
    UPDATE mst_test_details d
    SET used_quota = d.used_quota + x.n, updated_at = now()
    FROM unnest(${entries.map((e) => e[0])}::int[], ${entries.map((e) => e[1])}::int[]) AS x(id, n)
    WHERE d.tenant_id = ${c.tenantId} AND d.id = x.id`.execute(c.db);
}

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
 * The schedule message of each seat, through the outbox (once per seat and session: a moved registrant is
 * told again), in the tenant's schedule template. Rendered in SQL, so a bulk assignment queues thousands in
 * one statement.
 */
export async function queueScheduleMessages(c: TenantConn, seatIds: number[]) {
  if (seatIds.length === 0) return;
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
  await c.db
    .updateTable('registrant_tests')
    .set((eb) => ({ notified_at: eb.fn('now') }))
    .where('tenant_id', '=', c.tenantId)
    .where('id', 'in', seatIds)
    .execute();
}

export interface AutoPlacement {
  periodId: number;
  testId: number;
  /** In the order seats are handed out (order of submission for a whole period). */
  registrantIds: number[];
  userId: number | null;
  notify: boolean;
}

/**
 * Automatic placement for one period and test type: each registrant without a seat of that type gets one in
 * the earliest upcoming active session with a free seat. Registrants left over (every session full), not
 * seatable, or already seated are reported, not refused.
 */
export async function placeAuto(c: TenantConn, p: AutoPlacement): Promise<SeatOutcome> {
  const skipped: SkippedSeat[] = [];
  const skip = (ids: number[], reason: string) =>
    skipped.push(...ids.map((registrant_id) => ({ registrant_id, mst_test_id: p.testId, reason })));
  const all = await lockSessions(c, { periodId: p.periodId, testId: p.testId });
  await reclaimSeats(c, all);
  const sessions = all
    .filter((s) => s.is_active && s.upcoming)
    .sort(
      (a, b) =>
        a.test_date.localeCompare(b.test_date) || a.start_time.localeCompare(b.start_time) || a.id - b.id,
    );
  const regs = await seatable(c, p.periodId, p.registrantIds);
  const ok = new Set(regs.map((r) => r.id));
  skip(
    p.registrantIds.filter((id) => !ok.has(id)),
    ASSIGN_MSG.notEligible,
  );
  const seated = new Set(
    regs.length === 0
      ? []
      : (
          await c.db
            .selectFrom('registrant_tests')
            .select('registrant_id')
            .where('tenant_id', '=', c.tenantId)
            .where(
              'registrant_id',
              'in',
              regs.map((r) => r.id),
            )
            .where('mst_test_id', '=', p.testId)
            .where('deleted_at', 'is', null)
            .execute()
        ).map((r) => r.registrant_id),
  );
  skip([...seated], ASSIGN_MSG.alreadyAssigned);
  const wanted: { registrantId: number; schoolId: number; sessionId: number }[] = [];
  const left = sessions.map((s) => ({ s, free: free(s) }));
  let at = 0;
  const full: number[] = [];
  for (const r of regs) {
    if (seated.has(r.id)) continue;
    while (at < left.length && left[at]!.free === 0) at++;
    if (at === left.length) {
      full.push(r.id);
      continue;
    }
    left[at]!.free--;
    wanted.push({ registrantId: r.id, schoolId: r.school_id, sessionId: left[at]!.s.id });
  }
  skip(full, ASSIGN_MSG.noSeat);
  const rows = await insertSeats(c, p.testId, wanted, 'auto', p.userId);
  const delta = new Map<number, number>();
  for (const r of rows) delta.set(r.mst_test_detail_id, (delta.get(r.mst_test_detail_id) ?? 0) + 1);
  await countSeats(c, delta);
  await scheduleSeated(
    c,
    rows.map((r) => r.registrant_id),
    p.userId,
  );
  if (p.notify)
    await queueScheduleMessages(
      c,
      rows.map((r) => r.id),
    );
  return {
    placed: rows.map((r) => ({
      registrant_id: r.registrant_id,
      registrant_test_id: r.id,
      mst_test_id: p.testId,
      mst_test_detail_id: r.mst_test_detail_id,
      moved_from: null,
    })),
    skipped,
  };
}

/** The active test types scheduled for a period (what the automatic placement gives seats for). */
export async function scheduledTests(c: TenantConn, periodId: number): Promise<number[]> {
  const rows = await c.db
    .selectFrom('schedule_tests')
    .select('mst_test_id')
    .where('tenant_id', '=', c.tenantId)
    .where('school_period_id', '=', periodId)
    .where('is_active', '=', true)
    .where('deleted_at', 'is', null)
    .orderBy('start_date')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.mst_test_id);
}

/** Automatic seats for one registrant in every test scheduled for its period (the submit's generate_schedule). */
export async function placeRegistrantAuto(c: TenantConn, registrantId: number, userId: number | null) {
  const r = await c.db
    .selectFrom('registrants')
    .select('school_period_id')
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', registrantId)
    .executeTakeFirst();
  if (!r) return { placed: [], skipped: [] } satisfies SeatOutcome;
  const out: SeatOutcome = { placed: [], skipped: [] };
  for (const testId of await scheduledTests(c, r.school_period_id)) {
    const o = await placeAuto(c, {
      periodId: r.school_period_id,
      testId,
      registrantIds: [registrantId],
      userId,
      notify: true,
    });
    out.placed.push(...o.placed);
    out.skipped.push(...o.skipped);
  }
  return out;
}

export interface ManualPlacement {
  sessionId: number;
  registrantIds: number[];
  userId: number | null;
  notify: boolean;
}

/**
 * Placement by hand: every registrant into one session, all or none. A registrant seated in another session
 * of the same test type is moved (that seat is freed); one already in it stays. Refused when the session is
 * archived or inactive (409), a registrant is not of its period or not seatable (400), a registrant to move
 * has scores (409), or the free seats do not suffice (409).
 */
export async function placeManual(c: TenantConn, p: ManualPlacement): Promise<SeatOutcome> {
  const target = await c.db
    .selectFrom('mst_test_details')
    .select(['id', 'mst_test_id', 'school_period_id', 'deleted_at', 'is_active'])
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', p.sessionId)
    .executeTakeFirst();
  if (!target || target.deleted_at) throw notFound();
  const regs = await seatable(c, target.school_period_id, p.registrantIds);
  if (regs.length !== p.registrantIds.length) {
    const ok = new Set(regs.map((r) => r.id));
    const bad = p.registrantIds.find((id) => !ok.has(id))!;
    const inPeriod = await c.db
      .selectFrom('registrants')
      .select('id')
      .where('tenant_id', '=', c.tenantId)
      .where('id', '=', bad)
      .where('school_period_id', '=', target.school_period_id)
      .executeTakeFirst();
    const message = inPeriod ? ASSIGN_MSG.notEligible : ASSIGN_MSG.otherPeriod;
    throw new HttpError(400, message, { registrant_ids: message });
  }
  const seatsOf = (lock: boolean) => {
    const q = c.db
      .selectFrom('registrant_tests as rt')
      .select(['rt.id', 'rt.registrant_id', 'rt.mst_test_detail_id', 'rt.score'])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('registrant_test_scores as s')
              .select('s.registrant_test_id')
              .whereRef('s.tenant_id', '=', 'rt.tenant_id')
              .whereRef('s.registrant_test_id', '=', 'rt.id'),
          )
          .as('has_scores'),
      )
      .where('rt.tenant_id', '=', c.tenantId)
      .where(
        'rt.registrant_id',
        'in',
        regs.map((r) => r.id),
      )
      .where('rt.mst_test_id', '=', target.mst_test_id)
      .where('rt.deleted_at', 'is', null);
    return lock ? q.forUpdate('rt').execute() : q.execute();
  };
  const before = await seatsOf(false);
  const sessionIds = [...new Set([p.sessionId, ...before.map((s) => s.mst_test_detail_id)])];
  const locked = await lockSessions(c, { ids: sessionIds });
  await reclaimSeats(c, locked);
  const seats = await seatsOf(true);
  // A seat moved by someone else between the first read and the lock: its session is not held.
  if (seats.some((s) => !sessionIds.includes(s.mst_test_detail_id)))
    throw new HttpError(409, ASSIGN_MSG.changed);
  const session = locked.find((s) => s.id === p.sessionId)!;
  if (session.deleted_at) throw notFound();
  if (!session.is_active) throw new HttpError(409, ASSIGN_MSG.sessionClosed);
  const moving = seats.filter((s) => s.mst_test_detail_id !== p.sessionId);
  if (moving.some((s) => s.score !== null || s.has_scores))
    throw new HttpError(409, ASSIGN_MSG.alreadyScored);
  const seatedIds = new Set(seats.map((s) => s.registrant_id));
  const fresh = regs.filter((r) => !seatedIds.has(r.id));
  const need = fresh.length + moving.length;
  if (need > free(session)) throw new HttpError(409, ASSIGN_MSG.sessionFull(session.name, free(session)));

  const delta = new Map<number, number>([[p.sessionId, need]]);
  for (const s of moving) delta.set(s.mst_test_detail_id, (delta.get(s.mst_test_detail_id) ?? 0) - 1);
  if (moving.length)
    await c.db
      .updateTable('registrant_tests')
      .set((eb) => ({
        mst_test_detail_id: p.sessionId,
        assign_method: 'manual',
        assigned_by: p.userId,
        assigned_at: eb.fn('now'),
        notified_at: null,
        is_present: null,
        updated_at: eb.fn('now'),
      }))
      .where('tenant_id', '=', c.tenantId)
      .where(
        'id',
        'in',
        moving.map((s) => s.id),
      )
      .execute();
  const inserted = await insertSeats(
    c,
    target.mst_test_id,
    fresh.map((r) => ({ registrantId: r.id, schoolId: r.school_id, sessionId: p.sessionId })),
    'manual',
    p.userId,
  );
  // The seat check above holds the locks: an insert lost to the unique key would mean a concurrent seat
  // outside them, which every path prevents; count what was actually written all the same.
  delta.set(p.sessionId, moving.length + inserted.length);
  await countSeats(c, delta);
  const placed: PlacedSeat[] = [
    ...moving.map((s) => ({
      registrant_id: s.registrant_id,
      registrant_test_id: s.id,
      mst_test_id: target.mst_test_id,
      mst_test_detail_id: p.sessionId,
      moved_from: s.mst_test_detail_id,
    })),
    ...inserted.map((r) => ({
      registrant_id: r.registrant_id,
      registrant_test_id: r.id,
      mst_test_id: target.mst_test_id,
      mst_test_detail_id: p.sessionId,
      moved_from: null,
    })),
  ];
  await scheduleSeated(
    c,
    placed.map((s) => s.registrant_id),
    p.userId,
  );
  if (p.notify)
    await queueScheduleMessages(
      c,
      placed.map((s) => s.registrant_test_id),
    );
  return { placed, skipped: [] };
}

/** Takes a seat away (archived) and frees it in its session; refused once the sitting has scores. */
export async function releaseSeat(c: TenantConn, seatId: number) {
  const seat = await c.db
    .selectFrom('registrant_tests')
    .select(['id', 'mst_test_detail_id'])
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', seatId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!seat) throw notFound();
  await lockSessions(c, { ids: [seat.mst_test_detail_id] });
  const again = await c.db
    .selectFrom('registrant_tests as rt')
    .select(['rt.id', 'rt.mst_test_detail_id', 'rt.score'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('registrant_test_scores as s')
            .select('s.registrant_test_id')
            .whereRef('s.tenant_id', '=', 'rt.tenant_id')
            .whereRef('s.registrant_test_id', '=', 'rt.id'),
        )
        .as('has_scores'),
    )
    .where('rt.tenant_id', '=', c.tenantId)
    .where('rt.id', '=', seatId)
    .where('rt.deleted_at', 'is', null)
    .forUpdate('rt')
    .executeTakeFirst();
  if (!again) throw notFound();
  if (again.mst_test_detail_id !== seat.mst_test_detail_id) throw new HttpError(409, ASSIGN_MSG.changed);
  if (again.score !== null || again.has_scores) throw new HttpError(409, ASSIGN_MSG.alreadyScored);
  await c.db
    .updateTable('registrant_tests')
    .set((eb) => ({ deleted_at: eb.fn('now'), updated_at: eb.fn('now') }))
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', seatId)
    .execute();
  await countSeats(c, new Map([[seat.mst_test_detail_id, -1]]));
}
