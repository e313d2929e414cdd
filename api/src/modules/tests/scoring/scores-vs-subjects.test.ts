/**
 * Saving scores of a session while its subjects are being changed, both through HTTP at the same time: the
 * database serialises the two, so either the scores are saved and the removal of their subject is refused
 * (409), or the subject is gone first and the scores are refused (400). A score never outlives its subject.
 */

import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { scoredSession } from '../../../../test/scored-session';

const t = appPerFile();

it('scores and a subject removal racing on one session never leave a score without its subject', async () => {
  const s = await scoredSession(t, 3);
  for (let round = 0; round < 12; round++) {
    // Both subjects chosen again, no scores yet.
    await t.ownerPool.query('DELETE FROM registrant_test_scores WHERE registrant_test_id = ANY($1)', [
      s.seats,
    ]);
    await call(t.app, {
      method: 'PUT',
      url: api(`/mst_test_detail/subjects/${s.session}`),
      token: t.admin,
      payload: {
        subjects: [
          { mst_subject_id: s.math, min_score: 0, max_score: 100 },
          { mst_subject_id: s.interview, min_score: 0, max_score: 10 },
        ],
      },
    });
    const [scores, subjects] = await Promise.all([
      call(t.app, {
        method: 'POST',
        url: api('/registrant_test_score'),
        token: t.admin,
        payload: {
          scores: s.seats.map((seat) => ({
            registrant_test_id: seat,
            mst_subject_id: s.interview,
            score: 7,
          })),
        },
      }),
      call(t.app, {
        method: 'PUT',
        url: api(`/mst_test_detail/subjects/${s.session}`),
        token: t.admin,
        payload: { subjects: [{ mst_subject_id: s.math, min_score: 0, max_score: 100 }] },
      }),
    ]);
    const outcome = `${scores.status}/${subjects.status}`;
    expect(['200/409', '400/200']).toContain(outcome);
    if (subjects.status === 409) expect(subjects.body.message).toContain('Wawancara Lisan');
    else
      expect(scores.body.cells).toEqual(
        s.seats.map((_, index) => ({
          index,
          message: 'Mata pelajaran ini tidak dinilai pada sesi tes tersebut.',
        })),
      );

    const orphans = await t.ownerPool.query(
      `SELECT sc.registrant_test_id FROM registrant_test_scores sc
       JOIN registrant_tests rt ON rt.id = sc.registrant_test_id
       WHERE rt.mst_test_detail_id = $1 AND NOT EXISTS (
         SELECT 1 FROM mst_test_detail_subjects x
         WHERE x.mst_test_detail_id = rt.mst_test_detail_id AND x.mst_subject_id = sc.mst_subject_id)`,
      [s.session],
    );
    expect(orphans.rows).toEqual([]);
  }
});
