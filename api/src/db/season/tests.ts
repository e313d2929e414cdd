import { REGISTRANT_STATUSES, type RegistrantStatus } from '@psb/contracts';
import type { PoolClient } from '../pool';
import { bulkInsert, nextIds } from './bulk';
import type { Frame } from './frame';
import { scoreFor } from './plan';
import type { Random } from './random';
import type { SeasonRegistrant } from './registrants';

/** Registrants from `scheduled` on hold a seat (every state after it but the withdrawal). */
const SEATED = REGISTRANT_STATUSES.slice(
  REGISTRANT_STATUSES.indexOf('scheduled'),
  REGISTRANT_STATUSES.indexOf('withdrawn'),
);
const RESULT: Partial<Record<RegistrantStatus, keyof Frame['statuses']>> = {
  accepted: 'accepted',
  re_registered: 'accepted',
  rejected: 'rejected',
  reserve: 'reserve',
};
const SEATS_PER_SESSION = 40;
const DAY = 86_400_000;
const isoDay = (d: Date) => new Date(d.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);

/**
 * Test sessions of the season (past ones for those already tested, coming ones for those scheduled), a seat
 * for every scheduled registrant and beyond, scores per subject for those tested, and the published results
 * (status, reserve rank) — what the assignment, scoring and graduation screens would have written.
 */
export async function insertTests(
  client: PoolClient,
  f: Frame,
  registrants: SeasonRegistrant[],
  rnd: Random,
  now: Date,
) {
  const seated = registrants.filter((r) => SEATED.includes(r.status));
  const groups = new Map<string, SeasonRegistrant[]>();
  for (const r of seated) {
    const key = `${r.place.periodId}:${r.status === 'scheduled' ? 'next' : 'past'}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const rooms = new Map<number, number>();
  for (const schoolId of new Set(seated.map((r) => r.place.schoolId))) {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO mst_rooms (tenant_id, school_id, name, location, capacity)
       VALUES ($1, $2, 'Aula Tes', 'Gedung Utama', ${SEATS_PER_SESSION})
       ON CONFLICT (tenant_id, school_id, name) DO UPDATE SET updated_at = now() RETURNING id`,
      [f.tenantId, schoolId],
    );
    rooms.set(schoolId, rows[0]!.id);
  }
  const sessions: unknown[][] = [];
  const subjects: unknown[][] = [];
  const seats: unknown[][] = [];
  const scores: unknown[][] = [];
  const sessionCount = [...groups.values()].reduce((s, g) => s + Math.ceil(g.length / SEATS_PER_SESSION), 0);
  const sessionIds = await nextIds(client, 'mst_test_details', sessionCount);
  const seatIds = await nextIds(client, 'registrant_tests', seated.length);
  let s = 0;
  let seat = 0;
  const numberInPeriod = new Map<number, number>();
  for (const [key, group] of groups) {
    const upcoming = key.endsWith('next');
    const n = Math.ceil(group.length / SEATS_PER_SESSION);
    for (let k = 0; k < n; k++) {
      const id = sessionIds[s++]!;
      const periodId = group[0]!.place.periodId;
      const no = (numberInPeriod.get(periodId) ?? 0) + 1;
      numberInPeriod.set(periodId, no);
      const date = upcoming
        ? new Date(now.getTime() + (7 + 7 * (k % 3)) * DAY)
        : new Date(now.getTime() - (3 + 7 * (k % 6)) * DAY);
      const members = group.slice(k * SEATS_PER_SESSION, (k + 1) * SEATS_PER_SESSION);
      const morning = k % 2 === 0;
      sessions.push([
        f.tenantId,
        id,
        f.testId,
        periodId,
        rooms.get(group[0]!.place.schoolId),
        `Gelombang Tes ${String(no).padStart(2, '0')}`,
        isoDay(date),
        morning ? '08:00' : '10:30',
        morning ? '10:00' : '12:30',
        SEATS_PER_SESSION,
        members.length,
      ]);
      for (const [i, subjectId] of f.subjectIds.entries()) subjects.push([f.tenantId, id, subjectId, i + 1]);
      for (const r of members) {
        const seatId = seatIds[seat++]!;
        const assigned = r.steps.find((x) => x.action === 'schedule')!.at;
        const tested = r.steps.find((x) => x.action === 'record_test')?.at ?? null;
        const score = tested ? scoreFor(r.status, rnd) : null;
        seats.push([
          f.tenantId,
          seatId,
          r.id,
          r.place.schoolId,
          id,
          f.testId,
          assigned,
          f.staffId,
          'auto',
          tested ? true : null,
          score,
          tested,
          tested ? f.staffId : null,
          assigned,
        ]);
        if (score !== null)
          for (const subjectId of f.subjectIds)
            scores.push([
              f.tenantId,
              seatId,
              subjectId,
              Math.min(100, Math.max(0, Math.round(score + (rnd.next() - 0.5) * 16))),
              f.staffId,
              tested,
            ]);
      }
    }
  }
  await bulkInsert(
    client,
    'mst_test_details',
    [
      ['tenant_id', 'int'],
      ['id', 'int'],
      ['mst_test_id', 'int'],
      ['school_period_id', 'int'],
      ['mst_room_id', 'int'],
      ['name', 'text'],
      ['test_date', 'date'],
      ['start_time', 'text'],
      ['end_time', 'text'],
      ['quota', 'int'],
      ['used_quota', 'int'],
    ],
    sessions,
  );
  await bulkInsert(
    client,
    'mst_test_detail_subjects',
    [
      ['tenant_id', 'int'],
      ['mst_test_detail_id', 'int'],
      ['mst_subject_id', 'int'],
      ['sort_order', 'int'],
    ],
    subjects,
  );
  await bulkInsert(
    client,
    'registrant_tests',
    [
      ['tenant_id', 'int'],
      ['id', 'int'],
      ['registrant_id', 'int'],
      ['school_id', 'int'],
      ['mst_test_detail_id', 'int'],
      ['mst_test_id', 'int'],
      ['assigned_at', 'timestamptz'],
      ['assigned_by', 'int'],
      ['assign_method', 'text'],
      ['is_present', 'bool'],
      ['score', 'numeric'],
      ['scored_at', 'timestamptz'],
      ['scored_by', 'int'],
      ['notified_at', 'timestamptz'],
    ],
    seats,
  );
  await bulkInsert(
    client,
    'registrant_test_scores',
    [
      ['tenant_id', 'int'],
      ['registrant_test_id', 'int'],
      ['mst_subject_id', 'int'],
      ['score', 'numeric'],
      ['updated_by', 'int'],
      ['updated_at', 'timestamptz'],
    ],
    scores,
  );

  // Published results; the reserve list ranked by score within each period and class.
  const results = registrants.filter((r) => RESULT[r.status]);
  await client.query(
    `UPDATE registrants r SET mst_accepted_status_id = x.status_id, result_published_at = x.at,
       result_published_by = $2, test_announcement_published_at = x.at, test_announcement_published_by = $2
     FROM unnest($3::int[], $4::int[], $5::timestamptz[]) AS x(id, status_id, at)
     WHERE r.tenant_id = $1 AND r.id = x.id`,
    [
      f.tenantId,
      f.staffId,
      results.map((r) => r.id),
      results.map((r) => f.statuses[RESULT[r.status]!]),
      results.map((r) => r.steps.find((x) => ['accept', 'reject', 'reserve'].includes(x.action))!.at),
    ],
  );
  await client.query(
    `UPDATE registrants r SET reserve_rank = x.rank
     FROM (SELECT r2.id, row_number() OVER (PARTITION BY r2.school_period_id, r2.mst_class_id ORDER BY t.score DESC, r2.id)::int AS rank
           FROM registrants r2 JOIN registrant_tests t ON t.tenant_id = r2.tenant_id AND t.registrant_id = r2.id
           WHERE r2.tenant_id = $1 AND r2.id = ANY($2::int[]) AND r2.status = 'reserve') x
     WHERE r.tenant_id = $1 AND r.id = x.id`,
    [f.tenantId, results.filter((r) => r.status === 'reserve').map((r) => r.id)],
  );
  return { sessions: sessionCount, seats: seated.length, scored: seats.filter((x) => x[10] !== null).length };
}
