/**
 * The subjects of a test session through HTTP against PostgreSQL: reading what scoring uses (the chosen
 * subjects, else every live subject 0–100), replacing the list, the checks on each row, the refusal to change
 * or remove a subject that already has scores, permissions and an archived session.
 */

import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { scoredSession } from '../../../../test/scored-session';
import { flags } from '../../../../test/staff';

const t = appPerFile();

interface Subjects {
  chosen: boolean;
  subjects: { mst_subject_id: number; name: string; min_score: number; max_score: number; scored: number }[];
  choices: { id: number; name: string }[];
}
const read = (session: number, token = t.admin) =>
  call(t.app, { method: 'GET', url: api(`/mst_test_detail/subjects/${session}`), token });
const save = (session: number, subjects: object[], token = t.admin) =>
  call(t.app, {
    method: 'PUT',
    url: api(`/mst_test_detail/subjects/${session}`),
    token,
    payload: { subjects },
  });
const ranges = (body: Record<string, unknown>) =>
  (body.data as Subjects).subjects.map((s) => [s.mst_subject_id, s.min_score, s.max_score, s.scored]);
const score = (seat: number, subject: number, value: number) =>
  call(t.app, {
    method: 'POST',
    url: api('/registrant_test_score'),
    token: t.admin,
    payload: { scores: [{ registrant_test_id: seat, mst_subject_id: subject, score: value }] },
  });
const newSubject = async (tenant: number, name: string) =>
  (
    await t.ownerPool.query<{ id: number }>(
      'INSERT INTO mst_subjects (tenant_id, name) VALUES ($1, $2) RETURNING id',
      [tenant, name],
    )
  ).rows[0]!.id;

describe('the subjects of a session', () => {
  it('reads and replaces the list; scoring then uses it, in the order saved', async () => {
    const s = await scoredSession(t, 1);
    const first = await read(s.session);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ chosen: true, session: { id: s.session } });
    expect(ranges(first.body)).toEqual([
      [s.math, 0, 100, 0],
      [s.interview, 0, 10, 0],
    ]);
    const choices = (first.body.data as Subjects).choices.map((c) => c.id);
    expect(choices).toEqual(expect.arrayContaining([s.math, s.interview]));

    const saved = await save(s.session, [
      { mst_subject_id: s.interview, min_score: 1, max_score: 5.5 },
      { mst_subject_id: s.math, min_score: 10, max_score: 90 },
    ]);
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Mata uji sesi tersimpan.');
    expect(ranges(saved.body)).toEqual([
      [s.interview, 1, 5.5, 0],
      [s.math, 10, 90, 0],
    ]);
    const grid = await call(t.app, {
      method: 'GET',
      url: api(`/registrant_tests/score?mst_test_detail_id=${s.session}`),
      token: t.admin,
    });
    expect((grid.body.data as Subjects).subjects.map((x) => [x.mst_subject_id, x.max_score])).toEqual([
      [s.interview, 5.5],
      [s.math, 90],
    ]);
    expect((await score(s.seats[0]!, s.math, 95)).body.cells).toEqual([
      { index: 0, message: 'Nilai harus antara 10 dan 90.' },
    ]);

    // An empty list: none chosen, so every live subject from 0 to 100.
    const cleared = await save(s.session, []);
    expect(cleared.status).toBe(200);
    expect((cleared.body.data as Subjects).chosen).toBe(false);
    const all = (cleared.body.data as Subjects).subjects;
    expect(all.map((x) => x.mst_subject_id)).toEqual(expect.arrayContaining([s.math, s.interview]));
    expect(all.every((x) => x.min_score === 0 && x.max_score === 100)).toBe(true);
  });

  it('checks every row: range order, decimals, bounds, duplicates, unknown and archived subjects', async () => {
    const s = await scoredSession(t, 1);
    const bad = async (subjects: object[]) => {
      const res = await save(s.session, subjects);
      expect(res.status).toBe(400);
      return res.body.errors;
    };
    expect(await bad([{ mst_subject_id: s.math, min_score: 50, max_score: 50 }])).toEqual({
      'subjects.0.max_score': 'Nilai maksimum harus lebih besar dari nilai minimum.',
    });
    expect(await bad([{ mst_subject_id: s.math, min_score: 0, max_score: 10.125 }])).toEqual({
      'subjects.0.max_score': 'Paling banyak dua angka di belakang koma.',
    });
    expect(await bad([{ mst_subject_id: s.math, min_score: -1, max_score: 10000 }])).toEqual({
      'subjects.0.min_score': 'Nilai minimum tidak boleh kurang dari 0.',
      'subjects.0.max_score': 'Nilai maksimum paling besar 9999,99.',
    });
    expect(await bad([{ mst_subject_id: s.math, min_score: '0', max_score: 10 }])).toEqual({
      'subjects.0.min_score': 'Nilai harus berupa angka.',
    });
    expect(
      await bad([
        { mst_subject_id: s.math, min_score: 0, max_score: 10 },
        { mst_subject_id: s.math, min_score: 0, max_score: 20 },
      ]),
    ).toEqual({ 'subjects.1.mst_subject_id': 'Mata pelajaran yang sama dipilih lebih dari sekali.' });
    expect(await bad([{ mst_subject_id: 2_000_000_000, min_score: 0, max_score: 10 }])).toEqual({
      'subjects.0.mst_subject_id': 'Mata pelajaran tidak ditemukan atau sudah diarsipkan.',
    });
    const archived = await newSubject(s.tenant, `Arsip ${s.session}`);
    await t.ownerPool.query('UPDATE mst_subjects SET deleted_at = now() WHERE id = $1', [archived]);
    expect(
      await bad([
        { mst_subject_id: s.math, min_score: 0, max_score: 100 },
        { mst_subject_id: archived, min_score: 0, max_score: 10 },
      ]),
    ).toEqual({ 'subjects.1.mst_subject_id': 'Mata pelajaran tidak ditemukan atau sudah diarsipkan.' });
    // Nothing was written by the refused requests.
    expect(ranges((await read(s.session)).body)).toEqual([
      [s.math, 0, 100, 0],
      [s.interview, 0, 10, 0],
    ]);

    // A chosen subject archived afterwards may stay in its session (its row is unchanged).
    await t.ownerPool.query('UPDATE mst_subjects SET deleted_at = now() WHERE id = $1', [s.interview]);
    try {
      const kept = await save(s.session, [
        { mst_subject_id: s.interview, min_score: 0, max_score: 10 },
        { mst_subject_id: s.math, min_score: 0, max_score: 100 },
      ]);
      expect(kept.status).toBe(200);
    } finally {
      await t.ownerPool.query('UPDATE mst_subjects SET deleted_at = NULL WHERE id = $1', [s.interview]);
    }
  });

  it('refuses to change the range of, or remove, a subject that already has scores (409)', async () => {
    const s = await scoredSession(t, 2);
    expect((await score(s.seats[0]!, s.math, 80)).status).toBe(200);
    expect(ranges((await read(s.session)).body)).toEqual([
      [s.math, 0, 100, 1],
      [s.interview, 0, 10, 0],
    ]);
    const scored =
      'Mata uji Matematika sudah memiliki nilai pada sesi ini, sehingga rentang nilainya tidak dapat diubah dan mata uji tersebut tidak dapat dihapus.';
    const changed = await save(s.session, [
      { mst_subject_id: s.math, min_score: 0, max_score: 90 },
      { mst_subject_id: s.interview, min_score: 0, max_score: 10 },
    ]);
    expect(changed.status).toBe(409);
    expect(changed.body.message).toBe(scored);
    const removed = await save(s.session, [{ mst_subject_id: s.interview, min_score: 0, max_score: 10 }]);
    expect(removed.status).toBe(409);
    expect(removed.body.message).toBe(scored);
    // Emptying the list would score Matematika 0–100 again, its range now: allowed.
    const emptied = await save(s.session, []);
    expect(emptied.status).toBe(200);

    // With none chosen, the scored subject must stay 0–100; the others may go or change.
    const narrowed = await save(s.session, [{ mst_subject_id: s.interview, min_score: 0, max_score: 20 }]);
    expect(narrowed.status).toBe(409);
    const ok = await save(s.session, [
      { mst_subject_id: s.interview, min_score: 0, max_score: 20 },
      { mst_subject_id: s.math, min_score: 0, max_score: 100 },
    ]);
    expect(ok.status).toBe(200);
    expect(ranges(ok.body)).toEqual([
      [s.interview, 0, 20, 0],
      [s.math, 0, 100, 1],
    ]);
  });

  it('needs read on Data Tes to look and update to save; an archived session is not found', async () => {
    const s = await scoredSession(t, 1);
    const reader = await t.staff([flags('Data Tes', 'read')]);
    const stranger = await t.staff([flags('Penilaian Tes', 'read', 'update')]);
    expect((await read(s.session, reader)).status).toBe(200);
    expect((await save(s.session, [], reader)).status).toBe(403);
    expect((await read(s.session, stranger)).status).toBe(403);

    await t.ownerPool.query('UPDATE mst_test_details SET deleted_at = now() WHERE id = $1', [s.session]);
    expect((await read(s.session)).status).toBe(404);
    expect((await save(s.session, [])).status).toBe(404);
  });
});
