/**
 * Scoring a session through HTTP against PostgreSQL: the grid, batches checked against each subject's range
 * (all or nothing, idempotent), one cell, health data and counselling notes, another school's seats, exports.
 */

import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { demo } from '../../../../test/parent-journey';
import { scoredSession } from '../../../../test/scored-session';

const t = appPerFile();

const post = (token: string, scores: object[]) =>
  call(t.app, { method: 'POST', url: api('/registrant_test_score'), token, payload: { scores } });
const grid = (token: string, session: number) =>
  call(t.app, { method: 'GET', url: api(`/registrant_tests/score?mst_test_detail_id=${session}`), token });

describe('scoring a session', () => {
  it('saves a batch, validates every cell against its range (nothing written on error) and is idempotent', async () => {
    const s = await scoredSession(t, 2);
    const [a, b] = s.seats as [number, number];

    const sheet = await grid(t.admin, s.session);
    expect(sheet.status).toBe(200);
    const data = sheet.body.data as {
      subjects: { mst_subject_id: number; max_score: number }[];
      rows: unknown[];
    };
    expect(data.subjects.map((x) => [x.mst_subject_id, x.max_score])).toEqual([
      [s.math, 100],
      [s.interview, 10],
    ]);
    expect(data.rows).toHaveLength(2);

    const bad = await post(t.admin, [
      { registrant_test_id: a, mst_subject_id: s.math, score: 80 },
      { registrant_test_id: a, mst_subject_id: s.interview, score: 11 },
      { registrant_test_id: b, mst_subject_id: s.math, score: -1 },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.cells).toEqual([
      { index: 1, message: 'Nilai harus antara 0 dan 10.' },
      { index: 2, message: 'Nilai harus antara 0 dan 100.' },
    ]);
    const none = await call(t.app, {
      method: 'GET',
      url: api(`/registrant_test_scores?mst_test_detail_id=${s.session}`),
      token: t.admin,
    });
    expect(none.body.data).toEqual([]);

    const statusOf = async (id: number) =>
      (await t.ownerPool.query('SELECT status FROM registrants WHERE id = $1', [id])).rows[0]
        .status as string;
    const [ra, rb] = [s.registrants[0]!.id, s.registrants[1]!.id];
    // Seated as the assignment module leaves verified registrants (the fixture writes seats directly).
    await t.ownerPool.query(
      `UPDATE registrants SET status = 'scheduled', is_submit = true, is_verified = true, is_test = true, locked = true
       WHERE id = ANY($1)`,
      [[ra, rb]],
    );
    const three = (await post(t.admin, [{ registrant_test_id: a, mst_subject_id: s.math, score: 80.5 }]))
      .body;
    expect(three.message).toBe('1 nilai tersimpan.');
    // The scored registrant has sat the test; the other is still waiting for it.
    expect([await statusOf(ra), await statusOf(rb)]).toEqual(['tested', 'scheduled']);
    const batch = [
      { registrant_test_id: a, mst_subject_id: s.math, score: 81.25 },
      { registrant_test_id: a, mst_subject_id: s.interview, score: 9 },
      { registrant_test_id: b, mst_subject_id: s.math, score: 70 },
    ];
    expect((await post(t.admin, batch)).status).toBe(200);
    expect((await post(t.admin, batch)).status).toBe(200);
    const after = await grid(t.admin, s.session);
    const rows = (
      after.body.data as { rows: { registrant_test_id: number; scores: Record<string, number> }[] }
    ).rows;
    expect(rows.find((r) => r.registrant_test_id === a)!.scores).toEqual({
      [s.math]: 81.25,
      [s.interview]: 9,
    });
    expect(rows.find((r) => r.registrant_test_id === b)!.scores).toEqual({ [s.math]: 70 });

    // Clearing a cell, and bad shapes: three decimals, text, unknown fields.
    expect(
      (await post(t.admin, [{ registrant_test_id: b, mst_subject_id: s.math, score: null }])).status,
    ).toBe(200);
    const cleared = await grid(t.admin, s.session);
    expect(
      (cleared.body.data as { rows: { registrant_test_id: number; scores: object }[] }).rows.find(
        (r) => r.registrant_test_id === b,
      )!.scores,
    ).toEqual({});
    for (const cell of [
      { registrant_test_id: a, mst_subject_id: s.math, score: 1.234 },
      { registrant_test_id: a, mst_subject_id: s.math, score: '80' },
      { registrant_test_id: a, mst_subject_id: s.math, score: 80, extra: 1 },
    ]) {
      const res = await post(t.admin, [cell]);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect((await post(t.admin, [])).status).toBe(400);
  });

  it('one cell through PUT /registrant_subject_score/{seat}: range and subject checked', async () => {
    const s = await scoredSession(t, 1);
    const put = (payload: object, seat = s.seats[0]!) =>
      call(t.app, { method: 'PUT', url: api(`/registrant_subject_score/${seat}`), token: t.admin, payload });
    expect((await put({ mst_subject_id: s.interview, score: 7.5 })).status).toBe(200);
    const over = await put({ mst_subject_id: s.interview, score: 10.5 });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('Nilai harus antara 0 dan 10.');
    const other = await t.ownerPool.query<{ id: number }>(
      "INSERT INTO mst_subjects (tenant_id, name) VALUES ($1, 'Seni Tari') RETURNING id",
      [s.tenant],
    );
    const notHere = await put({ mst_subject_id: other.rows[0]!.id, score: 5 });
    expect(notHere.status).toBe(400);
    expect(notHere.body.message).toBe('Mata pelajaran ini tidak dinilai pada sesi tes tersebut.');
    expect((await put({ mst_subject_id: s.interview, score: 5 }, 2_000_000)).status).toBe(404);
  });

  it('health data and counselling notes: read back, partial updates keep other fields, bad values refused', async () => {
    const s = await scoredSession(t, 1);
    const id = s.registrants[0]!.id;
    const health = (payload: object, token = t.admin, target = id) =>
      call(t.app, { method: 'PUT', url: api(`/registrant_health_data/${target}`), token, payload });
    const readHealth = (token = t.admin, target = id) =>
      call(t.app, { method: 'GET', url: api(`/registrant_health_data/${target}`), token });
    const empty = await readHealth();
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({ registrant_id: id, height_cm: null, updated_at: null });

    expect(
      (await health({ height_cm: 121.5, weight_kg: 23, blood_type: 'O', allergies: 'Udang' })).status,
    ).toBe(200);
    const partial = await health({ weight_kg: 24, vision: '  ' });
    expect(partial.body.message).toBe('Data kesehatan tersimpan.');
    expect(partial.body.data).toMatchObject({
      weight_kg: 24,
      blood_type: 'O',
      allergies: 'Udang',
      vision: null,
    });
    const back = await readHealth();
    expect(back.body.data).toMatchObject({
      height_cm: 121.5,
      weight_kg: 24,
      blood_type: 'O',
      allergies: 'Udang',
    });
    expect(typeof (back.body.data as { updated_at: unknown }).updated_at).toBe('string');

    const bad = await health({ blood_type: 'C', height_cm: 400 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['blood_type', 'height_cm']);
    expect((bad.body.errors as Record<string, string>).height_cm).toBe(
      'Tinggi badan harus antara 1 dan 299 cm.',
    );
    for (const payload of [{ weight_kg: '24' }, { notes: 'x'.repeat(1001) }, { unknown_field: 1 }]) {
      const res = await health(payload);
      expect({ payload, status: res.status }).toEqual({ payload, status: 400 });
      expect(typeof res.body.message).toBe('string');
    }
    expect((await readHealth(t.admin, 2_000_000)).status).toBe(404);
    expect((await health({ weight_kg: 20 }, t.admin, 2_000_000)).status).toBe(404);

    const notesUrl = api(`/registrant_bimbingan_konseling/${id}`);
    expect((await call(t.app, { method: 'GET', url: notesUrl, token: t.admin })).body.data).toMatchObject({
      counselor_name: null,
      observation: null,
    });
    const notes = await call(t.app, {
      method: 'PUT',
      url: notesUrl,
      token: t.admin,
      payload: { counselor_name: 'Bu Sari', observation: 'Mandiri dan ceria.' },
    });
    expect(notes.status).toBe(200);
    expect(notes.body.data).toMatchObject({ counselor_name: 'Bu Sari', observation: 'Mandiri dan ceria.' });
    await call(t.app, {
      method: 'PUT',
      url: notesUrl,
      token: t.admin,
      payload: { notes: 'Perlu pendampingan.' },
    });
    expect((await call(t.app, { method: 'GET', url: notesUrl, token: t.admin })).body.data).toMatchObject({
      counselor_name: 'Bu Sari',
      notes: 'Perlu pendampingan.',
    });
    const long = await call(t.app, {
      method: 'PUT',
      url: notesUrl,
      token: t.admin,
      payload: { observation: 'x'.repeat(2001) },
    });
    expect(long.status).toBe(400);
    expect((long.body.errors as Record<string, string>).observation).toBe('Paling banyak 2000 karakter.');
  });

  it("health data and counselling notes follow the school scope and the module's read/update", async () => {
    const s = await scoredSession(t, 1);
    const id = s.registrants[0]!.id;
    const d = await demo(t);
    const module = (update: 0 | 1) => [
      {
        mst_module_name: 'Penilaian Tes',
        read_action: 1 as const,
        insert_action: 0 as const,
        update_action: update,
        delete_action: 0 as const,
      },
    ];
    const smpStaff = await t.staff(module(1), [d.smp]);
    const sdReader = await t.staff(module(0), [d.sd]);
    for (const path of ['registrant_health_data', 'registrant_bimbingan_konseling']) {
      const url = api(`/${path}/${id}`);
      expect((await call(t.app, { method: 'GET', url, token: smpStaff })).status).toBe(404);
      const write = await call(t.app, { method: 'PUT', url, token: smpStaff, payload: { notes: 'x' } });
      expect(write.status).toBe(404);
      expect(write.body.message).toBe('Calon murid tidak ditemukan.');
      expect((await call(t.app, { method: 'GET', url, token: sdReader })).status).toBe(200);
      expect(
        (await call(t.app, { method: 'PUT', url, token: sdReader, payload: { notes: 'x' } })).status,
      ).toBe(403);
    }
    const rows = await t.ownerPool.query(
      'SELECT 1 FROM registrant_health_data WHERE registrant_id = $1 UNION ALL SELECT 1 FROM registrant_bimbingan_konseling WHERE registrant_id = $1',
      [id],
    );
    expect(rows.rowCount).toBe(0);
  });

  it("another school's staff see neither the grid nor the seats, and cannot write them", async () => {
    const s = await scoredSession(t, 1);
    const d = await demo(t);
    const all = ['Penilaian Tes', 'Jadwal Tes/Observasi'].map((m) => ({
      mst_module_name: m,
      read_action: 1 as const,
      insert_action: 1 as const,
      update_action: 1 as const,
      delete_action: 1 as const,
    }));
    const smpStaff = await t.staff(all, [d.smp]);
    const sdStaff = await t.staff(all, [d.sd]);
    expect((await grid(smpStaff, s.session)).status).toBe(404);
    const write = await post(smpStaff, [
      { registrant_test_id: s.seats[0], mst_subject_id: s.math, score: 50 },
    ]);
    expect(write.status).toBe(400);
    expect(write.body.cells).toEqual([{ index: 0, message: 'Peserta tes tidak ditemukan pada sesi ini.' }]);
    expect((await grid(sdStaff, s.session)).status).toBe(200);
    expect(
      (await post(sdStaff, [{ registrant_test_id: s.seats[0], mst_subject_id: s.math, score: 50 }])).status,
    ).toBe(200);
    // Without the module, nothing.
    const none = await t.staff([], [d.sd]);
    expect((await grid(none, s.session)).status).toBe(403);
  });

  it('exports the seats, the scores of a session and the registrants of a period as spreadsheets', async () => {
    const s = await scoredSession(t, 2);
    await post(t.admin, [{ registrant_test_id: s.seats[0], mst_subject_id: s.math, score: 90 }]);
    for (const url of [
      `/registrant_tests/export?mst_test_detail_id=${s.session}`,
      `/registrants/export/test_score/admin?mst_test_detail_id=${s.session}`,
      `/registrants/export/test/admin?school_period_id=${s.registrants[0]!.periodId}`,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: api(url),
        headers: { authorization: `Bearer ${t.admin}` },
      });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    }
  });
});
