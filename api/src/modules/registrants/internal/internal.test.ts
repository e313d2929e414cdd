import crypto from 'node:crypto';
import { ASSISTED_MSG, internalListResponseSchema } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { openPeriod } from '../../../../test/parent-journey';
import { flags } from '../../../../test/staff';

const t = appPerFile();
beforeAll(async () => {
  await openPeriod(t);
});

type Place = Awaited<ReturnType<typeof openPeriod>>;

/** A registrant registered by staff (POST /registrant, without an account); internal or not. */
async function registrant(p: Place, isInternal = false) {
  const res = await call(t.app, {
    method: 'POST',
    url: api('/registrant'),
    token: t.admin,
    payload: {
      mode: 'no_account',
      child_name: `Murid ${crypto.randomBytes(3).toString('hex')}`,
      school_id: p.schoolId,
      school_period_id: p.periodId,
      mst_class_id: p.classId,
      is_internal: isInternal,
    },
  });
  expect(res.status).toBe(201);
  return (res.body.data as { registrant_id: number }).registrant_id;
}

const list = async (token: string, query = '') => {
  const res = await call(t.app, { method: 'GET', url: api(`/registrant/internal${query}`), token });
  expect(res.status).toBe(200);
  return internalListResponseSchema.parse(res.body);
};

describe('internal students (GET/POST /registrant/internal)', () => {
  it('lists exactly the internal registrants of the period, paged', async () => {
    const p = await openPeriod(t);
    const a = await registrant(p, true);
    const b = await registrant(p, true);
    await registrant(p, false);
    const page = await list(t.admin, `?school_period_id=${p.periodId}`);
    expect(page.total).toBe(2);
    expect(page.data.map((r) => r.id).sort()).toEqual([a, b].sort());
    const first = await list(t.admin, `?school_period_id=${p.periodId}&limit=1&page=2`);
    expect(first.data).toHaveLength(1);
    expect(first.total).toBe(2);
  });

  it('marks and unmarks, audited; an unknown id changes nothing', async () => {
    const p = await openPeriod(t);
    const a = await registrant(p);
    const b = await registrant(p);
    const mark = (ids: number[], is_internal: boolean, token = t.admin) =>
      call(t.app, {
        method: 'POST',
        url: api('/registrant/internal'),
        token,
        payload: { registrant_ids: ids, is_internal },
      });
    const marked = await mark([a, b], true);
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ message: ASSISTED_MSG.internalDone(2), updated: [a, b] });
    expect((await list(t.admin, `?school_period_id=${p.periodId}`)).total).toBe(2);
    const audit = await t.ownerPool.query(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'mark_internal' AND record_id = ANY($1)",
      [[a, b]],
    );
    expect(audit.rows[0].n).toBe(2);

    const missing = await mark([a, 2_000_000_000], false);
    expect(missing.status).toBe(404);
    expect((await list(t.admin, `?school_period_id=${p.periodId}`)).total).toBe(2);

    expect((await mark([a], false)).body.updated).toEqual([a]);
    expect((await list(t.admin, `?school_period_id=${p.periodId}`)).data.map((r) => r.id)).toEqual([b]);

    const bad = await mark([], true);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ registrant_ids: ASSISTED_MSG.internalIds });
  });

  it('a school-bound role sees and marks only its schools; read-only staff cannot mark', async () => {
    const sd = await openPeriod(t);
    const smp = await openPeriod(t, { level: 'SMP' });
    const sdOne = await registrant(sd, true);
    const smpOne = await registrant(smp, true);
    const sdStaff = await t.staff([flags('Calon Murid', 'read', 'update')], [sd.sd]);
    const seen = (await list(sdStaff, '?limit=100')).data.map((r) => r.id);
    expect(seen).toContain(sdOne);
    expect(seen).not.toContain(smpOne);
    const other = await call(t.app, {
      method: 'POST',
      url: api('/registrant/internal'),
      token: sdStaff,
      payload: { registrant_ids: [smpOne], is_internal: false },
    });
    expect(other.status).toBe(404);

    const readOnly = await t.staff([flags('Calon Murid', 'read')]);
    const refused = await call(t.app, {
      method: 'POST',
      url: api('/registrant/internal'),
      token: readOnly,
      payload: { registrant_ids: [sdOne], is_internal: false },
    });
    expect(refused.status).toBe(403);
  });
});
