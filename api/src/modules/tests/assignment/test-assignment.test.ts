/**
 * Seats in test sessions through HTTP against PostgreSQL: capacity under concurrency, moves freeing seats,
 * the room's capacity bounding the quota, refusals with Indonesian messages, the parent's schedule and
 * message, the submit's generate_schedule, and a whole period as a job.
 */
import { registrantTestListResponseSchema } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { completeAnswers, newParent, openPeriod, registrantIn } from '../../../../test/parent-journey';
import { oneOf, type TestPeriod, testPeriod, testSession } from '../../../../test/test-periods';
import { DEFAULT_TEMPLATES } from '../../content';

jest.setTimeout(120_000);
const t = appPerFile({ withJobs: true });
const one = oneOf(t);
type Setup = TestPeriod;
const period = (n: number, status?: string) => testPeriod(t, n, status);
const session = (s: Setup, quota: number, opts: Parameters<typeof testSession>[3] = {}) =>
  testSession(t, s, quota, opts);

const assign = (body: Record<string, unknown>, token = t.admin) =>
  call(t.app, { method: 'POST', url: api('/registrant/assign/test'), token, payload: body });

const seats = (sessionId: number) =>
  one<string>(
    'SELECT count(*)::text AS v FROM registrant_tests WHERE mst_test_detail_id = $1 AND deleted_at IS NULL',
    [sessionId],
  ).then(Number);
const used = (sessionId: number) =>
  one('SELECT used_quota AS v FROM mst_test_details WHERE id = $1', [sessionId]);

describe('capacity under concurrency', () => {
  it('50 concurrent automatic assignments for 10 seats seat exactly 10', async () => {
    const s = await period(50);
    const only = await session(s, 10);
    const results = await Promise.all(s.ids.map((id) => assign({ registrant_ids: [id] })));
    expect(results.map((r) => r.status)).toEqual(s.ids.map(() => 200));
    const placed = results.flatMap((r) => (r.body.data as { assigned: unknown[] }).assigned);
    expect(placed).toHaveLength(10);
    expect(await seats(only)).toBe(10);
    expect(await used(only)).toBe(10);
    const full = results.filter((r) => (r.body.data as { assigned: unknown[] }).assigned.length === 0);
    expect(full).toHaveLength(40);
    expect(full[0]!.body.message).toBe('Tidak ada calon murid yang dijadwalkan.');
    expect((full[0]!.body.data as { skipped: { reason: string }[] }).skipped[0]!.reason).toBe(
      'Semua sesi tes yang tersedia sudah penuh.',
    );
  });

  it('50 concurrent manual assignments into a session of 10 seats: 10 succeed, 40 are refused with 409', async () => {
    const s = await period(50);
    const target = await session(s, 10);
    const results = await Promise.all(
      s.ids.map((id) => assign({ registrant_ids: [id], mst_test_detail_id: target })),
    );
    const codes = results.map((r) => r.status).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(40);
    expect(results.find((r) => r.status === 409)!.body.message).toMatch(/^Sesi H7 08:00 sudah penuh\./);
    expect(await seats(target)).toBe(10);
    expect(await used(target)).toBe(10);
  });

  it('never exceeds the room capacity when it is smaller than the quota', async () => {
    const s = await period(8);
    const smallRoom = await one(
      "INSERT INTO mst_rooms (tenant_id, name, capacity) VALUES ($1, 'Ruang Kecil ' || $2, 3) RETURNING id AS v",
      [s.tenant, s.periodId],
    );
    const first = await session(s, 10, { roomId: smallRoom, days: 3 });
    const second = await session(s, 10, { days: 5 });
    const res = await assign({ registrant_ids: s.ids });
    expect(res.status).toBe(200);
    expect(await seats(first)).toBe(3);
    expect(await seats(second)).toBe(5);
    // Earliest submitted first: the first three go to the earlier session.
    const firstSeats = (
      res.body.data as { assigned: { registrant_id: number; mst_test_detail_id: number }[] }
    ).assigned;
    expect(firstSeats.filter((a) => a.mst_test_detail_id === first).map((a) => a.registrant_id)).toEqual(
      s.ids.slice(0, 3),
    );
  });
});

describe('moving', () => {
  it('moving a registrant frees its seat for someone else, and a scored seat stays put', async () => {
    const s = await period(3);
    const a = await session(s, 1, { days: 2 });
    const b = await session(s, 1, { days: 4 });
    const [r1, r2, r3] = s.ids as [number, number, number];
    expect((await assign({ registrant_ids: [r1], mst_test_detail_id: a })).status).toBe(200);
    const refused = await assign({ registrant_ids: [r2], mst_test_detail_id: a });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Sesi H2 08:00 sudah penuh. Pilih sesi lain atau tambah kuotanya.');

    const moved = await assign({ registrant_ids: [r1], mst_test_detail_id: b });
    expect(moved.status).toBe(200);
    expect((moved.body.data as { assigned: { moved_from: number }[] }).assigned[0]!.moved_from).toBe(a);
    expect([await used(a), await used(b)]).toEqual([0, 1]);
    expect((await assign({ registrant_ids: [r2], mst_test_detail_id: a })).status).toBe(200);
    expect([await seats(a), await seats(b)]).toEqual([1, 1]);

    // A seat with a score is not moved; a seat taken away is free again.
    await t.ownerPool.query('UPDATE registrant_tests SET score = 80 WHERE registrant_id = $1', [r2]);
    await t.ownerPool.query('UPDATE mst_test_details SET quota = 2 WHERE id = $1', [b]);
    const scored = await assign({ registrant_ids: [r2], mst_test_detail_id: b });
    expect(scored.status).toBe(409);
    expect(scored.body.message).toBe(
      'Calon murid ini sudah dinilai pada sesinya, sehingga tidak dapat dipindahkan.',
    );
    const seatOfR1 = await one('SELECT id AS v FROM registrant_tests WHERE registrant_id = $1', [r1]);
    const release = await call(t.app, {
      method: 'DELETE',
      url: api(`/registrant_test/${seatOfR1}`),
      token: t.admin,
    });
    expect(release.status).toBe(200);
    expect(await used(b)).toBe(0);
    expect((await assign({ registrant_ids: [r3], mst_test_detail_id: b })).status).toBe(200);
    expect(await used(b)).toBe(1);
  });
});

describe('withdrawals', () => {
  it('gives a withdrawn registrant’s seat back the next time the session is used', async () => {
    const s = await period(2);
    const only = await session(s, 1);
    const [r1, r2] = s.ids as [number, number];
    expect((await assign({ registrant_ids: [r1], mst_test_detail_id: only })).status).toBe(200);
    await t.ownerPool.query(
      "UPDATE registrants SET status = 'withdrawn', withdrawn_at = now(), deleted_at = now() WHERE id = $1",
      [r1],
    );
    const res = await assign({ registrant_ids: [r2] });
    expect((res.body.data as { assigned: unknown[] }).assigned).toHaveLength(1);
    expect([await seats(only), await used(only)]).toEqual([1, 1]);
  });
});

describe('refusals', () => {
  it('answers bad input with 4xx and Indonesian messages', async () => {
    const s = await period(1);
    const other = await period(1);
    const sess = await session(s, 5);
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{}, 400, /Pilih minimal satu calon murid/],
      [{ registrant_ids: [] }, 400, /Pilih minimal satu calon murid/],
      [{ registrant_ids: ['x'] }, 400, /Calon murid tidak valid/],
      [{ registrant_ids: [1, 1] }, 400, /lebih dari sekali/],
      [{ registrant_ids: [s.ids[0]], extra: 1 }, 400, /./],
      [{ registrant_ids: [s.ids[0]], mst_test_detail_id: 99999999 }, 404, /Data tidak ditemukan/],
      [
        { registrant_ids: [other.ids[0]], mst_test_detail_id: sess },
        400,
        /tidak terdaftar pada periode sesi tes tersebut/,
      ],
      [
        { registrant_ids: [s.ids[0]], mst_test_detail_id: sess, mst_test_id: other.testId },
        400,
        /bukan sesi/,
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await assign(body);
      expect({ body, status: res.status }).toEqual({ body, status });
      expect(JSON.stringify(res.body)).toMatch(message);
    }
    const list = await call(t.app, {
      method: 'GET',
      url: api('/registrant_tests?school_period_id=abc'),
      token: t.admin,
    });
    expect(list.status).toBe(400);
    const period400 = await call(t.app, {
      method: 'POST',
      url: api('/registrant/assign/test/period'),
      token: t.admin,
      payload: { school_period_id: 99999999 },
    });
    expect(period400.status).toBe(404);
  });

  it('needs the Assign Tes permission, and parents cannot assign or list', async () => {
    const s = await period(1);
    const reader = await t.staff([
      { mst_module_name: 'Assign Tes', read_action: 1, insert_action: 0, update_action: 0, delete_action: 0 },
    ]);
    expect((await assign({ registrant_ids: s.ids }, reader)).status).toBe(403);
    const listed = await call(t.app, {
      method: 'GET',
      url: api(`/registrant_tests?school_period_id=${s.periodId}&mst_test_id=${s.testId}`),
      token: reader,
    });
    expect(listed.status).toBe(200);
    expect((await assign({ registrant_ids: s.ids }, s.parentToken)).status).toBe(403);
    const parentList = await call(t.app, {
      method: 'GET',
      url: api(`/registrant_tests?school_period_id=${s.periodId}&mst_test_id=${s.testId}`),
      token: s.parentToken,
    });
    expect(parentList.status).toBe(403);
  });
});

describe('verification of a seated registrant', () => {
  it('a registrant seated while submitted becomes "scheduled" when staff verify it, with both history rows', async () => {
    const s = await period(1);
    const id = s.ids[0]!;
    await session(s, 5);
    expect((await assign({ registrant_ids: [id] })).status).toBe(200);
    const detail = async () =>
      (await call(t.app, { method: 'GET', url: api(`/registrant/information_detail/${id}`), token: t.admin }))
        .body.data as {
        status: string;
        history: { source: string; action: string; from_status: string; to_status: string }[];
      };
    expect((await detail()).status).toBe('submitted');

    const verified = await call(t.app, {
      method: 'PUT',
      url: api(`/registrant/verify/${id}`),
      token: t.admin,
      payload: {},
    });
    expect(verified.status).toBe(200);
    const after = await detail();
    expect(after.status).toBe('scheduled');
    expect(
      after.history.filter((h) => h.source === 'status').map((h) => [h.action, h.from_status, h.to_status]),
    ).toEqual([
      ['verify', 'submitted', 'verified'],
      ['schedule', 'verified', 'scheduled'],
    ]);
    expect(
      await one<boolean>(
        'SELECT (is_verified AND is_test AND is_submit) AS v FROM registrants WHERE id = $1',
        [id],
      ),
    ).toBe(true);

    // Without a seat, verifying stops at "verified".
    const unseated = (await period(1)).ids[0]!;
    await call(t.app, {
      method: 'PUT',
      url: api(`/registrant/verify/${unseated}`),
      token: t.admin,
      payload: {},
    });
    expect(await one<string>('SELECT status AS v FROM registrants WHERE id = $1', [unseated])).toBe(
      'verified',
    );
  });
});

describe('what the parent gets', () => {
  it('shows the parent their schedule and queues the schedule message; other parents see nothing', async () => {
    const s = await period(1, 'verified');
    await t.ownerPool.query("UPDATE mst_tests SET bring_items = 'Pensil 2B' WHERE id = $1", [s.testId]);
    const sess = await session(s, 5, { start: '09:00' });
    const res = await assign({ registrant_ids: s.ids });
    expect(res.status).toBe(200);
    const id = s.ids[0]!;
    expect(await one('SELECT status AS v FROM registrants WHERE id = $1', [id])).toBe('scheduled');
    const mine = await call(t.app, {
      method: 'GET',
      url: api(`/registrant/test_schedule/${id}`),
      token: s.parentToken,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual([
      expect.objectContaining({
        session_name: 'H7 09:00',
        start_time: '09:00',
        end_time: '23:00',
        bring_items: 'Pensil 2B',
      }),
    ]);
    const stranger = await newParent(t);
    expect(
      (
        await call(t.app, {
          method: 'GET',
          url: api(`/registrant/test_schedule/${id}`),
          token: stranger.token,
        })
      ).status,
    ).toBe(404);
    const msg = await t.ownerPool.query<{ body: string; template: string }>(
      "SELECT body, template FROM notifications WHERE dedup_key LIKE 'test-seat:%:' || $1",
      [sess],
    );
    expect(msg.rows).toHaveLength(1);
    expect(msg.rows[0]!.body).toMatch(/pukul 09:00–23:00 WIB/);
    expect(msg.rows[0]!.body).toMatch(/Yang perlu dibawa: Pensil 2B/);
  });

  it("the schedule message is the tenant's saved template, filled for the seat", async () => {
    const s = await period(1, 'verified');
    await t.ownerPool.query("UPDATE mst_tests SET bring_items = 'Pensil 2B' WHERE id = $1", [s.testId]);
    const sess = await session(s, 5, { days: 9, start: '10:00' });
    const template = (subject: string, body: string) =>
      call(t.app, {
        method: 'PUT',
        url: api('/config/notification_template/test_schedule'),
        token: t.admin,
        payload: { subject, body },
      });
    expect(
      (
        await template(
          'Undangan tes {nama} ({no_pendaftaran})',
          'Halo {nama_orang_tua}: {nama} dari {sekolah}, {periode}, ikut tes {tanggal}. {keterangan}',
        )
      ).status,
    ).toBe(200);
    try {
      expect((await assign({ registrant_ids: s.ids })).status).toBe(200);
      const inbox = await call(t.app, { method: 'GET', url: api('/notifications'), token: s.parentToken });
      expect(inbox.status).toBe(200);
      const messages = (inbox.body.data as { messages: { subject: string; body: string }[] }).messages;
      const v = (
        await t.ownerPool.query<Record<string, string>>(
          `SELECT r.name, r.registration_number, u.name AS parent, sc.name AS school, p.name AS period,
                  to_char(d.test_date, 'YYYY-MM-DD') AS day, t.name AS test, m.name AS room
           FROM registrants r JOIN users u ON u.id = r.user_id JOIN schools sc ON sc.id = r.school_id
           JOIN school_periods p ON p.id = r.school_period_id, mst_test_details d
           JOIN mst_tests t ON t.id = d.mst_test_id JOIN mst_rooms m ON m.id = d.mst_room_id
           WHERE r.id = $1 AND d.id = $2`,
          [s.ids[0], sess],
        )
      ).rows[0]!;
      const day = new Intl.DateTimeFormat('id-ID', {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${v.day}T00:00:00Z`));
      expect(messages).toEqual([
        expect.objectContaining({
          subject: `Undangan tes ${v.name} (${v.registration_number})`,
          body:
            `Halo ${v.parent}: ${v.name} dari ${v.school}, ${v.period}, ikut tes ${day}. ` +
            `${v.test}, pukul 10:00–23:00 WIB, di ${v.room}. Yang perlu dibawa: Pensil 2B`,
        }),
      ]);
    } finally {
      await template(DEFAULT_TEMPLATES.test_schedule.subject, DEFAULT_TEMPLATES.test_schedule.body);
    }
  });

  it('POST /registrant/submit/{id} with generate_schedule seats the registrant', async () => {
    const p = await openPeriod(t, { quota: 10 });
    const testId = await one("SELECT id AS v FROM mst_tests WHERE code = 'TT'");
    await t.ownerPool.query(
      `INSERT INTO schedule_tests (tenant_id, school_period_id, mst_test_id, start_date, end_date)
       VALUES ($1, $2, $3, CURRENT_DATE, CURRENT_DATE + 30)`,
      [p.tenant_id, p.periodId, testId],
    );
    const room = await one("SELECT id AS v FROM mst_rooms WHERE name = 'Ruang Tes SD'");
    const sess = await one(
      `INSERT INTO mst_test_details (tenant_id, name, mst_test_id, school_period_id, mst_room_id, test_date,
         start_time, end_time, quota) VALUES ($1, 'Sesi Submit', $2, $3, $4, CURRENT_DATE + 3, '08:00', '09:00', 5)
       RETURNING id AS v`,
      [p.tenant_id, testId, p.periodId, room],
    );
    const { id, parent } = await registrantIn(t, p);
    const answered = await call(t.app, {
      method: 'POST',
      url: api('/registrant_answer'),
      token: parent.token,
      payload: { registrant_id: id, data: completeAnswers() },
    });
    expect(answered.status).toBeLessThan(300);
    const submit = await call(t.app, {
      method: 'POST',
      url: api(`/registrant/submit/${id}`),
      token: parent.token,
      payload: { generate_schedule: true },
    });
    expect(submit.status).toBe(200);
    expect(await seats(sess)).toBe(1);
    const mine = await call(t.app, {
      method: 'GET',
      url: api(`/registrant/test_schedule/${id}`),
      token: parent.token,
    });
    expect((mine.body.data as unknown[]).length).toBe(1);
  });
});

describe('a whole period as a job', () => {
  it('seats a period in order of submission with progress, leaving the overflow counted as failed', async () => {
    const s = await period(30);
    const a = await session(s, 12, { days: 2 });
    const b = await session(s, 12, { days: 3 });
    const started = await call(t.app, {
      method: 'POST',
      url: api('/registrant/assign/test/period'),
      token: t.admin,
      payload: { school_period_id: s.periodId, request_key: 'uji-periode-0001' },
    });
    expect(started.status).toBe(202);
    const jobId = (started.body.data as { id: number; total: number }).id;
    expect((started.body.data as { total: number }).total).toBe(30);
    const again = await call(t.app, {
      method: 'POST',
      url: api('/registrant/assign/test/period'),
      token: t.admin,
      payload: { school_period_id: s.periodId, request_key: 'uji-periode-0001' },
    });
    expect((again.body.data as { id: number }).id).toBe(jobId);
    let job: { status: string; done: number; failed: number; total: number } | undefined;
    for (const end = Date.now() + 60_000; Date.now() < end; ) {
      const res = await call(t.app, {
        method: 'GET',
        url: api(`/registrant/assign/test/job/${jobId}`),
        token: t.admin,
      });
      job = res.body.data as typeof job;
      if (job!.status === 'done' || job!.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(job).toMatchObject({ status: 'done', total: 30, done: 30, failed: 6 });
    expect([await used(a), await used(b)]).toEqual([12, 12]);
    const firstSeats = await t.ownerPool.query<{ registrant_id: number }>(
      'SELECT registrant_id FROM registrant_tests WHERE mst_test_detail_id = $1 ORDER BY registrant_id',
      [a],
    );
    expect(firstSeats.rows.map((r) => r.registrant_id)).toEqual(s.ids.slice(0, 12));
    const list = await call(t.app, {
      method: 'GET',
      url: api(`/registrant_tests?school_period_id=${s.periodId}&mst_test_id=${s.testId}&assigned=no`),
      token: t.admin,
    });
    expect(list.status).toBe(200);
    registrantTestListResponseSchema.parse(list.body);
    expect(list.body.counts).toEqual({ assigned: 24, unassigned: 6 });
    expect((list.body.data as { registrant_id: number }[]).map((r) => r.registrant_id)).toEqual(
      s.ids.slice(24),
    );
    expect((list.body.sessions as { free: number }[]).map((x) => x.free)).toEqual([0, 0]);
  });
});
