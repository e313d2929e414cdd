/**
 * The staff list's counts per state come from running counts (registrant_list_counts, kept by a trigger on
 * registrants) when every filter is one of their columns. These tests change registrants in every way they
 * change and compare the running counts with the registrants counted live, and the list's answer with the
 * answer counted over the registrants themselves.
 */
import crypto from 'node:crypto';
import { registrantAdminListResponseSchema } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { api, call, type TestContext } from '../../../../test/helpers';
import { newRegistrant, openPeriod } from '../../../../test/parent-journey';
import { flags } from '../../../../test/staff';
import { withTenant } from '../../../db/tenant-db';

const t = appPerFile();
const DIMENSIONS = `tenant_id, school_id, school_year_id, school_period_id, mst_class_id, status, is_submit, is_test,
  is_internal, is_accepted`;
const sorted = (rows: object[]) => rows.map((r) => JSON.stringify(r)).sort();

/** Every registrant counted now, by the running counts' columns. */
const liveCounts = async () =>
  sorted(
    (
      await t.ownerPool.query(
        `SELECT ${DIMENSIONS}, deleted_at IS NOT NULL AS archived, count(*)::int AS n FROM registrants
         GROUP BY ${DIMENSIONS}, deleted_at IS NOT NULL`,
      )
    ).rows,
  );
const keptCounts = async () =>
  sorted(
    (
      await t.ownerPool.query(
        `SELECT ${DIMENSIONS}, archived, registrants AS n FROM registrant_list_counts WHERE registrants <> 0`,
      )
    ).rows,
  );
const expectExact = async () => expect(await keptCounts()).toEqual(await liveCounts());

/** A registrant written straight into the table beside `like` (same placement and parent). */
async function copyOf(like: number, client: { query: TestContext['ownerPool']['query'] } = t.ownerPool) {
  const number = `LC-${crypto.randomBytes(5).toString('hex')}`;
  const { rows } = await client.query(
    `INSERT INTO registrants (tenant_id, user_id, school_id, school_period_id, mst_class_id, school_year_id,
       registration_number, name)
     SELECT tenant_id, user_id, school_id, school_period_id, mst_class_id, school_year_id, $2, 'Salinan ' || $2
     FROM registrants WHERE id = $1 RETURNING id`,
    [like, number],
  );
  return rows[0].id as number;
}

/** The list's counts: from the running counts (`filters` only), and counted over the registrants. */
async function bothCounts(token: string, filters: string) {
  const get = async (q: string) => {
    const res = await call(t.app, { method: 'GET', url: api(`/registrants/admin?${q}`), token });
    expect(res.status).toBe(200);
    return registrantAdminListResponseSchema.parse(res.body);
  };
  const summary = await get(filters);
  // A registration-date filter that holds every registrant: not a column of the running counts, so counted.
  // A new date each call, so each is counted afresh, not given back from an answer kept at this version.
  const day = new Date(Date.UTC(2000, 0, 1) + Math.floor(Math.random() * 3650) * 86_400_000);
  const scanned = await get(`${filters}&date_from=${day.toISOString().slice(0, 10)}`);
  return { summary, scanned };
}

describe('running counts of the staff list', () => {
  it('equal a live count through inserts, state and flag changes, moves, archive, restore and deletes', async () => {
    const r = await newRegistrant(t);
    await expectExact();
    const extra = await copyOf(r.id);
    await expectExact();
    // Several registrants in one statement, in two states.
    await t.ownerPool.query(
      `INSERT INTO registrants (tenant_id, user_id, school_id, school_period_id, mst_class_id, school_year_id,
         registration_number, name, status, is_submit, locked, submitted_at)
       SELECT r.tenant_id, r.user_id, r.school_id, r.school_period_id, r.mst_class_id, r.school_year_id,
         'LB-' || g || '-' || r.id, 'Massal ' || g, CASE WHEN g % 2 = 0 THEN 'submitted' ELSE 'draft' END,
         g % 2 = 0, g % 2 = 0, CASE WHEN g % 2 = 0 THEN now() END
       FROM registrants r, generate_series(1, 5) g WHERE r.id = $1`,
      [r.id],
    );
    await expectExact();

    await t.ownerPool.query(
      `UPDATE registrants SET status = 'submitted', is_submit = true, locked = true, submitted_at = now()
       WHERE id = $1`,
      [extra],
    );
    await t.ownerPool.query('UPDATE registrants SET is_internal = true WHERE id = $1', [extra]);
    await expectExact();

    const other = await openPeriod(t);
    const moved = await call(t.app, {
      method: 'POST',
      url: api(`/registrant/mutation_period/${r.id}`),
      token: t.admin,
      payload: { school_period_id: other.periodId, mst_class_id: other.classId },
    });
    expect(moved.status).toBe(200);
    await expectExact();
    // A class move, written straight (the route refuses a class that is not offered in the period).
    await t.ownerPool.query('UPDATE registrants SET mst_class_id = $2 WHERE id = $1', [extra, other.classId]);
    await expectExact();

    expect(
      (await call(t.app, { method: 'DELETE', url: api(`/registrant/${r.id}`), token: t.admin })).status,
    ).toBe(200);
    await expectExact();
    expect(
      (await call(t.app, { method: 'POST', url: api(`/registrant/restore/${r.id}`), token: t.admin })).status,
    ).toBe(200);
    await expectExact();

    await t.ownerPool.query('DELETE FROM registrants WHERE id = $1', [extra]);
    await expectExact();

    const { summary, scanned } = await bothCounts(t.admin, `school_period_id=${other.periodId}`);
    expect(summary.counts).toEqual({ draft: 1 });
    expect(summary.counts).toEqual(scanned.counts);
    expect(summary.total).toBe(scanned.total);
  });

  it('equal a live count after concurrent transactions, committed and rolled back', async () => {
    const r = await newRegistrant(t);
    const work = async (commit: boolean) => {
      const client = await t.ownerPool.connect();
      try {
        await client.query('BEGIN');
        const a = await copyOf(r.id, client);
        const b = await copyOf(r.id, client);
        await client.query("UPDATE registrants SET status = 'form_complete' WHERE id = $1 OR id = $2", [
          a,
          r.id,
        ]);
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

    const { summary, scanned } = await bothCounts(
      t.admin,
      `school_period_id=${r.periodId}&is_internal=false`,
    );
    expect(summary.counts).toEqual({ form_complete: 7 });
    expect(summary.counts).toEqual(scanned.counts);
    const archived = await bothCounts(t.admin, `school_period_id=${r.periodId}&show_deleted=true`);
    expect(archived.summary.counts).toEqual({ draft: 6 });
    expect(archived.summary.counts).toEqual(archived.scanned.counts);
  });

  it('are limited to the schools of a school-limited role, like the registrants', async () => {
    const sd = await newRegistrant(t);
    const smp = await openPeriod(t, { level: 'SMP' });
    const smpStaff = await t.staff([flags('Calon Murid', 'read')], [smp.schoolId]);

    const ofSd = await bothCounts(smpStaff, `school_period_id=${sd.periodId}`);
    expect(ofSd.summary).toMatchObject({ total: 0, counts: {} });
    expect(ofSd.scanned).toMatchObject({ total: 0, counts: {} });
    const everything = await bothCounts(smpStaff, 'is_internal=false');
    expect(everything.summary.counts).toEqual(everything.scanned.counts);

    const schoolsSeen = await withTenant(
      t.pool,
      sd.tenant_id,
      async ({ client }) =>
        (await client.query('SELECT DISTINCT school_id FROM registrant_list_counts')).rows.map(
          (x) => x.school_id,
        ),
      [smp.schoolId],
    );
    expect(schoolsSeen.every((id) => id === smp.schoolId)).toBe(true);
    const allSeen = await withTenant(
      t.pool,
      sd.tenant_id,
      async ({ client }) =>
        (await client.query('SELECT DISTINCT school_id FROM registrant_list_counts')).rows,
      null,
    );
    expect(allSeen.map((x) => x.school_id)).toContain(sd.schoolId);
  });
});
