/**
 * The staff list's "possible duplicates" of each row come from running counts (registrant_duplicate_counts,
 * kept by triggers on registrants). These tests change registrants in every way that moves a registrant
 * between groups — new ones one by one and in bulk, a changed name or birth date, another parent, another
 * school, archive, restore, delete, concurrent transactions — and compare the running counts with the
 * registrants grouped live, and the list's figure with the registrants probed live under the caller's schools.
 */
import crypto from 'node:crypto';
import { DUPLICATE_COUNT_CAP } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { api, call, type TestContext } from '../../../../test/helpers';
import { newRegistrant, openPeriod } from '../../../../test/parent-journey';
import { flags } from '../../../../test/staff';
import { type SchoolScope, withTenant } from '../../../db/tenant-db';

const t = appPerFile();
const sorted = (rows: object[]) => rows.map((r) => JSON.stringify(r)).sort();

/** Live registrants grouped now by the running counts' columns. */
const liveCounts = async () =>
  sorted(
    (
      await t.ownerPool.query(
        `SELECT tenant_id, user_id, duplicate_key, school_id, count(*)::int AS n FROM registrants
         WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4`,
      )
    ).rows,
  );
const keptCounts = async () =>
  sorted(
    (
      await t.ownerPool.query(
        `SELECT tenant_id, user_id, duplicate_key, school_id, registrants AS n FROM registrant_duplicate_counts
         WHERE registrants <> 0`,
      )
    ).rows,
  );
const expectExact = async () => expect(await keptCounts()).toEqual(await liveCounts());

/** Name (answer 1 and the column) and birth date (answer 4), as the parent's form would have stored them. */
const setIdentity = (id: number, name: string, birth: string) =>
  t.ownerPool.query(
    `UPDATE registrants SET name = $2,
       question_answer = question_answer || jsonb_build_object('1', $2::text, '4', $3::text) WHERE id = $1`,
    [id, name, birth],
  );

/** A registrant written straight into the table beside `like` (same placement, parent and answers). */
async function copyOf(like: number, client: { query: TestContext['ownerPool']['query'] } = t.ownerPool) {
  const number = `DC-${crypto.randomBytes(5).toString('hex')}`;
  const { rows } = await client.query(
    `INSERT INTO registrants (tenant_id, user_id, school_id, school_period_id, mst_class_id, school_year_id,
       registration_number, name, question_answer)
     SELECT tenant_id, user_id, school_id, school_period_id, mst_class_id, school_year_id, $2, name,
       question_answer
     FROM registrants WHERE id = $1 RETURNING id`,
    [like, number],
  );
  return rows[0].id as number;
}

/**
 * Each registrant's possible duplicates probed on the registrants themselves (the other live ones of the same
 * key, or of the same parent unless name and birth date both differ), as the given scope sees them: what the
 * list must show.
 */
async function probed(tenantId: number, scope: SchoolScope) {
  return withTenant(
    t.pool,
    tenantId,
    async ({ client }) =>
      Object.fromEntries(
        (
          await client.query(
            `SELECT r.id, LEAST($1::int, (SELECT count(*) FROM registrants d
               WHERE d.tenant_id = r.tenant_id AND d.deleted_at IS NULL AND d.id <> r.id
                 AND (d.duplicate_key = r.duplicate_key OR (d.user_id = r.user_id
                   AND (split_part(d.duplicate_key, '|', 1) <> split_part(r.duplicate_key, '|', 1)
                     AND split_part(d.duplicate_key, '|', 2) <> split_part(r.duplicate_key, '|', 2)) IS NOT TRUE))))::int AS n
             FROM registrants r`,
            [DUPLICATE_COUNT_CAP],
          )
        ).rows.map((r) => [r.id, r.n]),
      ),
    scope,
  );
}

/** Every registrant's figure as the list shows it to `token` (live and archived ones). */
async function listed(token: string) {
  const shown: Record<number, number> = {};
  for (const archived of [false, true])
    for (let page = 1; ; page++) {
      const res = await call(t.app, {
        method: 'GET',
        url: api(`/registrants/admin?limit=100&page=${page}&show_deleted=${archived}`),
        token,
      });
      expect(res.status).toBe(200);
      const rows = res.body.data as { id: number; possible_duplicate_count: number }[];
      for (const r of rows) shown[r.id] = r.possible_duplicate_count;
      if (rows.length < 100) break;
    }
  return shown;
}

describe('running counts of possible duplicates', () => {
  it('equal a live grouping, and the list a live probe, through every kind of change', async () => {
    const r = await newRegistrant(t);
    await expectExact();
    await setIdentity(r.id, "Siti Nur'aini", '2018-05-04');
    await expectExact();
    const twin = await copyOf(r.id);
    const sibling = await copyOf(r.id);
    await setIdentity(sibling, 'Ahmad Fauzi', '2016-01-02');
    await expectExact();
    // Several registrants in one statement: the same parent, half of them with the same name and birth date.
    await t.ownerPool.query(
      `INSERT INTO registrants (tenant_id, user_id, school_id, school_period_id, mst_class_id, school_year_id,
         registration_number, name, question_answer)
       SELECT r.tenant_id, r.user_id, r.school_id, r.school_period_id, r.mst_class_id, r.school_year_id,
         'DB-' || g || '-' || r.id, CASE WHEN g % 2 = 0 THEN r.name ELSE 'Massal ' || g END, r.question_answer
       FROM registrants r, generate_series(1, 6) g WHERE r.id = $1`,
      [r.id],
    );
    await expectExact();
    expect(await listed(t.admin)).toEqual(await probed(r.tenant_id, null));

    // Another parent: the twin stays a look-alike by its key only.
    const other = await newRegistrant(t);
    await t.ownerPool.query(
      'UPDATE registrants SET user_id = (SELECT user_id FROM registrants WHERE id = $2) WHERE id = $1',
      [twin, other.id],
    );
    await expectExact();
    // Another school (written straight: the api moves a registrant within its school only).
    const elsewhere = await openPeriod(t, { level: 'SMP' });
    for (const id of [other.id, sibling])
      await t.ownerPool.query(
        `UPDATE registrants r SET school_id = p.school_id, school_period_id = p.id, mst_class_id = $3,
           school_year_id = p.school_year_id
         FROM school_periods p WHERE r.id = $1 AND p.id = $2`,
        [id, elsewhere.periodId, elsewhere.classId],
      );
    await expectExact();
    expect(await listed(t.admin)).toEqual(await probed(r.tenant_id, null));

    // A school-limited role sees only its schools' look-alikes, as it sees only their registrants.
    const sdStaff = await t.staff([flags('Calon Murid', 'read')], [r.schoolId]);
    const sdView = await listed(sdStaff);
    expect(sdView).toEqual(await probed(r.tenant_id, [r.schoolId]));
    expect(sdView[sibling]).toBeUndefined();

    // Archive and restore through the api, then a delete.
    expect(
      (await call(t.app, { method: 'DELETE', url: api(`/registrant/${r.id}`), token: t.admin })).status,
    ).toBe(200);
    await expectExact();
    expect(await listed(t.admin)).toEqual(await probed(r.tenant_id, null));
    expect(
      (await call(t.app, { method: 'POST', url: api(`/registrant/restore/${r.id}`), token: t.admin })).status,
    ).toBe(200);
    await expectExact();
    await t.ownerPool.query('DELETE FROM registrants WHERE id = $1', [twin]);
    await expectExact();
    const shown = await listed(t.admin);
    expect(shown).toEqual(await probed(r.tenant_id, null));
    // Not all zero or capped, so the comparison says something: the six of the bulk insert share the parent
    // and the birth date, three of those the name too — each counted once; the sibling (another name and birth
    // date) shares only the parent and is not counted.
    expect(shown[r.id]).toBe(6);
  });

  it('equal a live grouping after concurrent transactions, committed and rolled back', async () => {
    const r = await newRegistrant(t);
    await setIdentity(r.id, 'Budi Santoso', '2017-03-09');
    const work = async (commit: boolean) => {
      const client = await t.ownerPool.connect();
      try {
        await client.query('BEGIN');
        const a = await copyOf(r.id, client);
        const b = await copyOf(r.id, client);
        await client.query(
          `UPDATE registrants SET question_answer = question_answer || '{"4": "2017-03-10"}' WHERE id = $1`,
          [a],
        );
        await client.query('UPDATE registrants SET deleted_at = now() WHERE id = $1', [b]);
        await client.query(commit ? 'COMMIT' : 'ROLLBACK');
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      } finally {
        client.release();
      }
    };
    // The same summary rows written by several transactions at once; a third of them undone.
    await Promise.all(Array.from({ length: 9 }, (_, i) => work(i % 3 !== 0)));
    await expectExact();
    expect(await listed(t.admin)).toEqual(await probed(r.tenant_id, null));
  });
});
