/**
 * The one id rule on hand-written routes: ids in query strings, bodies and named params are plain positive
 * decimals. Spellings `z.coerce.number()` would have read as a number (hex, exponent, boolean, padded) get 400
 * on one id of each module; the same request with the real id is answered.
 */

import { appPerFile } from '../../test/app-per-file';
import { api, call } from '../../test/helpers';
import { openPeriod } from '../../test/parent-journey';
import { kyselyOnPool } from '../db/kysely';

let period: { periodId: number; schoolId: number; roleId: number; schoolName: string };
const LOOSE = ['0x10', '1e3', 'true', ' 1 '];

const t = appPerFile();
beforeAll(async () => {
  const p = await openPeriod(t);
  const db = kyselyOnPool(t.ownerPool);
  const school = await db
    .selectFrom('schools')
    .select('name')
    .where('id', '=', p.schoolId)
    .executeTakeFirstOrThrow();
  const role = await db
    .selectFrom('roles')
    .select('id')
    .where('tenant_id', '=', p.tenant_id)
    .where('name', '=', 'teacher')
    .executeTakeFirstOrThrow();
  period = { ...p, schoolName: school.name, roleId: role.id };
});

/** 400 in Indonesian; a union body (list or object) reports its own message instead of the id's. */
const expectRefused = (
  res: { status: number; body: Record<string, unknown> },
  message = 'Id tidak valid.',
) => {
  expect(res.status).toBe(400);
  expect(res.body.success).toBe(false);
  expect(JSON.stringify(res.body)).toContain(message);
};

describe('strict ids on hand-written routes', () => {
  it('public-lookups: school_period_id of GET /public/mst_class', async () => {
    const url = (id: string) =>
      api(
        `/public/mst_class?school_name=${encodeURIComponent(period.schoolName)}&school_period_id=${encodeURIComponent(id)}`,
      );
    for (const id of LOOSE) expectRefused(await call(t.app, { method: 'GET', url: url(id) }));
    const ok = await call(t.app, { method: 'GET', url: url(String(period.periodId)) });
    expect(ok.status).toBe(200);
    expect((ok.body.data as unknown[]).length).toBeGreaterThan(0);
  });

  it('schools: school_id of GET /mst_class/school', async () => {
    const url = (id: string) => api(`/mst_class/school?school_id=${encodeURIComponent(id)}`);
    for (const id of LOOSE) expectRefused(await call(t.app, { method: 'GET', url: url(id), token: t.admin }));
    const ok = await call(t.app, { method: 'GET', url: url(String(period.schoolId)), token: t.admin });
    expect(ok.status).toBe(200);
    expect((ok.body.data as unknown[]).length).toBeGreaterThan(0);
  });

  it('roles: school_ids of POST /role_school/:id (JSON strings and a boolean)', async () => {
    const save = (ids: unknown[]) =>
      call(t.app, {
        method: 'POST',
        url: api(`/role_school/${period.roleId}`),
        token: t.admin,
        payload: { school_ids: ids },
      });
    for (const id of [...LOOSE, true]) expectRefused(await save([id]), 'Data tidak valid.');
    const ok = await save([period.schoolId]);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual([expect.objectContaining({ school_id: period.schoolId })]);
    expect((await save([])).status).toBe(200);
  });

  it('role-modules: the role id of GET /role_modules/role/:id', async () => {
    const url = (id: string) => api(`/role_modules/role/${encodeURIComponent(id)}`);
    for (const id of LOOSE) expectRefused(await call(t.app, { method: 'GET', url: url(id), token: t.admin }));
    const ok = await call(t.app, { method: 'GET', url: url(String(period.roleId)), token: t.admin });
    expect(ok.status).toBe(200);
    expect((ok.body.data as unknown[]).length).toBeGreaterThan(0);
  });
});
