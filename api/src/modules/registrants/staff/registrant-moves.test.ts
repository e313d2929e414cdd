/**
 * Staff moves of a registrant between classes and periods: the last free place, permissions, restores into a
 * full class, another period.
 */
import { appPerFile } from '../../../../test/app-per-file';
import { api, call, tokenFor } from '../../../../test/helpers';
import {
  newParent,
  newRegistrant,
  newVoucher,
  openPeriod,
  redeem,
  registrantIn,
} from '../../../../test/parent-journey';

import { registrantSteps } from './test-steps';

const t = appPerFile();
const { setStatus, historyOf } = registrantSteps(t);

describe('moves between classes and periods', () => {
  /** A second class of the period's school with a quota of `quota`. */
  async function secondClass(periodId: number, schoolId: number, classId: number, quota: number) {
    const { rows } = await t.ownerPool.query(
      `SELECT k.id FROM mst_classes k JOIN mst_grades g ON g.tenant_id = k.tenant_id AND g.id = k.mst_grade_id
       WHERE g.school_id = $1 AND k.id <> $2 ORDER BY k.id LIMIT 1`,
      [schoolId, classId],
    );
    const other = rows[0].id as number;
    await t.ownerPool.query(
      'INSERT INTO class_periods (tenant_id, school_period_id, mst_class_id, quota) SELECT tenant_id, $1, $2, $3 FROM school_periods WHERE id = $1',
      [periodId, other, quota],
    );
    return other;
  }

  it('two concurrent moves into the last free place: exactly one wins', async () => {
    const p = await openPeriod(t);
    const target = await secondClass(p.periodId, p.schoolId, p.classId, 1);
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) ids.push((await registrantIn(t, p)).id);
    const moves = await Promise.all(
      ids.map((id) =>
        call(t.app, {
          method: 'POST',
          url: api(`/registrant/mutation/${id}`),
          token: t.admin,
          payload: { mst_class_id: target },
        }),
      ),
    );
    expect(moves.map((m) => m.status).sort()).toEqual([200, 409]);
    expect(moves.find((m) => m.status === 409)!.body.message).toBe('Kuota kelas tujuan sudah penuh.');
    const { rows } = await t.ownerPool.query(
      'SELECT count(*)::int AS n FROM registrants WHERE school_period_id = $1 AND mst_class_id = $2 AND deleted_at IS NULL',
      [p.periodId, target],
    );
    expect(rows[0].n).toBe(1);
    const used = await t.ownerPool.query(
      'SELECT used_quota FROM class_periods WHERE school_period_id = $1 AND mst_class_id = $2',
      [p.periodId, target],
    );
    expect(used.rows[0].used_quota).toBe(1);
  });

  it('a teacher without Calon Murid update/delete is refused every change; the list needs read only', async () => {
    const r = await newRegistrant(t);
    const teacher = await tokenFor(t.app, 'guru@demo.sch.id', 'admin');
    const tries = [
      { method: 'POST', url: `/registrant/mutation/${r.id}`, payload: { mst_class_id: r.classId } },
      { method: 'DELETE', url: `/registrant/${r.id}` },
      { method: 'POST', url: `/registrant/restore/${r.id}` },
      { method: 'PUT', url: '/registrant/bulk', payload: { action: 'verify', ids: [r.id] } },
    ] as const;
    for (const x of tries) {
      const res = await call(t.app, {
        method: x.method,
        url: api(x.url),
        token: teacher,
        ...('payload' in x ? { payload: x.payload } : {}),
      });
      expect({ url: x.url, status: res.status }).toEqual({ url: x.url, status: 403 });
    }
    expect(await historyOf(r.id)).toEqual([]);
  });

  it('restoring into a class that filled up meanwhile is refused', async () => {
    const p = await openPeriod(t, { quota: 1 });
    const first = await newParent(t);
    const place = { school_id: p.schoolId, school_period_id: p.periodId, mst_class_id: p.classId };
    const a = await redeem(t, first.token, { token: await newVoucher(t), ...place });
    const id = (a.body.data as { id: number }).id;
    expect(
      (await call(t.app, { method: 'DELETE', url: api(`/registrant/${id}`), token: t.admin })).status,
    ).toBe(200);
    const second = await newParent(t);
    expect((await redeem(t, second.token, { token: await newVoucher(t), ...place })).status).toBe(201);
    const back = await call(t.app, { method: 'POST', url: api(`/registrant/restore/${id}`), token: t.admin });
    expect(back.status).toBe(409);
    expect(back.body.message).toBe(
      'Kuota kelas calon murid ini sudah penuh, sehingga belum dapat dipulihkan.',
    );
  });

  it('moves to another period of the same school; refuses another school, the same class and a result', async () => {
    const r = await newRegistrant(t);
    const other = await openPeriod(t);
    const smp = await openPeriod(t, { level: 'SMP' });
    const move = (body: object) =>
      call(t.app, {
        method: 'POST',
        url: api(`/registrant/mutation_period/${r.id}`),
        token: t.admin,
        payload: body,
      });
    expect((await move({ school_period_id: smp.periodId, mst_class_id: smp.classId })).status).toBe(400);
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: api(`/registrant/mutation/${r.id}`),
          token: t.admin,
          payload: { mst_class_id: r.classId },
        })
      ).status,
    ).toBe(409);
    expect((await move({ school_period_id: other.periodId, mst_class_id: other.classId })).status).toBe(200);
    const row = (await t.ownerPool.query('SELECT school_period_id FROM registrants WHERE id = $1', [r.id]))
      .rows[0];
    expect(row.school_period_id).toBe(other.periodId);
    expect((await historyOf(r.id)).map((h) => h.action)).toEqual(['mutation_period']);
    await setStatus(r.id, 'accepted');
    expect((await move({ school_period_id: r.periodId, mst_class_id: r.classId })).status).toBe(409);
  });
});
