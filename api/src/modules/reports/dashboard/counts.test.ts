/** The dashboard's Ringkasan Data through HTTP: the record counts follow the summary's filters. */
import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { demo } from '../../../../test/parent-journey';

const t = appPerFile();

type Count = { resource: string; count: number; filtered: boolean };
const counts = async (query = '') => {
  const res = await call(t.app, { method: 'GET', url: api(`/dashboard/counts${query}`), token: t.admin });
  return {
    status: res.status,
    body: res.body,
    byName: new Map((res.body.data as Count[] | undefined)?.map((c) => [c.resource, c])),
  };
};
const live = async (sql: string, values: unknown[]) =>
  (await t.ownerPool.query<{ n: number }>(sql, values)).rows[0]!.n;

it('counts the records of the chosen school where the list filters by school, the rest for the foundation', async () => {
  const d = await demo(t);
  const all = await counts();
  expect(all.status).toBe(200);
  const sd = await counts(`?school_id=${d.sd}`);
  expect(sd.status).toBe(200);

  const sdClasses = await live(
    `SELECT count(*)::int AS n FROM mst_classes k JOIN mst_grades g ON g.id = k.mst_grade_id
     WHERE k.tenant_id = $1 AND k.deleted_at IS NULL AND g.school_id = $2`,
    [d.tenant_id, d.sd],
  );
  expect(sd.byName.get('mst_class')).toMatchObject({ count: sdClasses, filtered: true });
  // The demo has classes in more than one school, so the filter changes the figure.
  expect(all.byName.get('mst_class')!.count).toBeGreaterThan(sdClasses);
  expect(all.byName.get('mst_class')!.filtered).toBe(false);
  const sdPeriods = await live(
    'SELECT count(*)::int AS n FROM school_periods WHERE tenant_id = $1 AND deleted_at IS NULL AND school_id = $2',
    [d.tenant_id, d.sd],
  );
  expect(sd.byName.get('school_period')).toMatchObject({ count: sdPeriods, filtered: true });
  // School years belong to the foundation: the same figure, not marked as filtered.
  expect(sd.byName.get('school_year')).toEqual(all.byName.get('school_year'));
  expect(sd.byName.get('school_year')!.filtered).toBe(false);

  const bad = await counts('?school_id=abc');
  expect(bad.status).toBe(400);
  expect(typeof bad.body.message).toBe('string');
});
