/**
 * The staff registrant list (GET /registrants/admin): filters, sorting, paging, counts and the export.
 */
import { registrantAdminListResponseSchema } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { newParent, newRegistrant, openPeriod, registrantIn } from '../../../../test/parent-journey';

import { registrantSteps } from './test-steps';

const t = appPerFile();
const { setStatus } = registrantSteps(t);

describe('GET /registrants/admin filters, sorting, paging and counts', () => {
  it('each filter returns exactly the expected rows', async () => {
    const p = await openPeriod(t);
    const made: { id: number; email: string; number: string }[] = [];
    for (const name of ['Citra Lestari', 'Agus Salim', 'Budi Santoso']) {
      const r = await registrantIn(t, p);
      await t.ownerPool.query(
        "UPDATE registrants SET name = $2, question_answer = jsonb_build_object('1', $2::text) WHERE id = $1",
        [r.id, name],
      );
      made.push({ id: r.id, email: r.parent.email, number: r.registrationNumber });
    }
    const [citra, agus, budi] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0]];
    await setStatus(agus.id, 'submitted');
    await setStatus(budi.id, 'verified');
    await t.ownerPool.query('UPDATE registrants SET is_internal = true WHERE id = $1', [budi.id]);
    await t.ownerPool.query("UPDATE registrants SET created_at = '2026-01-10 10:00+07' WHERE id = $1", [
      citra.id,
    ]);

    const ids = async (q: string) => {
      const res = await call(t.app, {
        method: 'GET',
        url: api(`/registrants/admin?school_period_id=${p.periodId}&${q}`),
        token: t.admin,
      });
      expect(res.status).toBe(200);
      return registrantAdminListResponseSchema.parse(res.body).data.map((r) => r.id);
    };
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    expect(sorted(await ids(''))).toEqual(sorted(made.map((m) => m.id)));
    expect(await ids('status=submitted')).toEqual([agus.id]);
    expect(sorted(await ids('is_submit=true'))).toEqual(sorted([agus.id, budi.id]));
    expect(await ids('is_submit=false')).toEqual([citra.id]);
    expect(await ids('is_internal=true')).toEqual([budi.id]);
    expect((await ids('is_accepted=null')).length).toBe(3);
    expect(await ids('is_accepted=true')).toEqual([]);
    expect(await ids('is_test=true')).toEqual([]);
    expect(await ids(`mst_class_id=${p.classId}&search=agus`)).toEqual([agus.id]);
    expect(await ids(`search=${encodeURIComponent(budi.number)}`)).toEqual([budi.id]);
    expect(await ids(`search=${encodeURIComponent(citra.email)}`)).toEqual([citra.id]);
    expect(await ids('date_from=2026-01-10&date_to=2026-01-10')).toEqual([citra.id]);
    expect((await ids('date_to=2026-01-09')).length).toBe(0);
    expect(await ids(`school_id=${p.schoolId}&school_year_id=${p.year_id}&sort=name&order=asc`)).toEqual([
      agus.id,
      budi.id,
      citra.id,
    ]);
    expect(await ids('sort=name&order=asc&limit=1&page=2')).toEqual([budi.id]);
    expect(await ids(`school_id=${p.smp}`)).toEqual([]);

    const res = await call(t.app, {
      method: 'GET',
      url: api(`/registrants/admin?school_period_id=${p.periodId}&status=draft`),
      token: t.admin,
    });
    expect(res.body).toMatchObject({ total: 1, counts: { draft: 1, submitted: 1, verified: 1 } });
    for (const bad of [
      'status=lulus',
      'page=0',
      'limit=1000',
      'school_id=1e3',
      'date_from=10-01-2026',
      'sort=password',
    ])
      expect({
        bad,
        status: (await call(t.app, { method: 'GET', url: api(`/registrants/admin?${bad}`), token: t.admin }))
          .status,
      }).toEqual({ bad, status: 400 });
    const parent = await newParent(t);
    expect(
      (await call(t.app, { method: 'GET', url: api('/registrants/admin'), token: parent.token })).status,
    ).toBe(403);
  });

  it('exports the filtered applicants with the fixed file name', async () => {
    const r = await newRegistrant(t);
    const res = await t.app.inject({
      method: 'GET',
      url: api(`/registrants/export/admin?school_period_id=${r.periodId}&format=csv`),
      headers: { authorization: `Bearer ${t.admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Data Calon Murid.csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('No. Pendaftaran');
    expect(lines[1]).toContain((r.body.data as { registration_number: string }).registration_number);
    expect(lines[1]).toContain('Sedang mengisi formulir');
  });
});
