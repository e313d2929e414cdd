/**
 * The staff list's answer is JSON text written by PostgreSQL and sent as is. These tests hold it to the list's
 * contract: the body is exactly what the contract's schema reads from it (no field missing, added or of another
 * type; the same text the schema's serialiser would write), and each row's values — timestamps above all — are
 * those of the registrant as pg reads it, written as JavaScript writes a date.
 */
import { registrantAdminListResponseSchema } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { newRegistrant, openPeriod } from '../../../../test/parent-journey';
import { flags } from '../../../../test/staff';

const t = appPerFile();
/** A registrant written straight into the table beside `like`, with the given columns changed. */
async function variant(like: number, number: string, set: string) {
  const { rows } = await t.ownerPool.query(
    `INSERT INTO registrants (tenant_id, user_id, school_id, school_period_id, mst_class_id, school_year_id,
       registration_number, name)
     SELECT tenant_id, user_id, school_id, school_period_id, mst_class_id, school_year_id, $2, 'Varian ' || $2
     FROM registrants WHERE id = $1 RETURNING id`,
    [like, number],
  );
  const id = rows[0].id as number;
  await t.ownerPool.query(`UPDATE registrants SET ${set} WHERE id = $1`, [id]);
  return id;
}

/** The list's answer, checked against the contract; returns it as read. */
async function listed(token: string, q: string) {
  const res = await call(t.app, { method: 'GET', url: api(`/registrants/admin?${q}`), token });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = JSON.parse(res.raw);
  const parsed = registrantAdminListResponseSchema.parse(body);
  expect(body).toEqual(parsed);
  expect(res.raw).toBe(JSON.stringify(parsed));
  return parsed;
}

const iso = (v: Date | null) => (v instanceof Date ? v.toISOString() : v);

/** The rows' values as pg reads the registrants, with the timestamps as the list wrote them before. */
async function expectedRows(ids: number[]) {
  const { rows } = await t.ownerPool.query(
    `SELECT r.id, r.registration_number, r.name, r.status, r.is_submit, r.is_test, r.is_accepted, r.is_internal,
       r.created_at, r.submitted_at, r.deleted_at, u.name AS parent_name, u.email AS parent_email,
       u.phone_number AS parent_phone
     FROM registrants r JOIN users u ON u.id = r.user_id WHERE r.id = ANY($1)`,
    [ids],
  );
  const byId = new Map(
    rows.map((r) => [
      r.id,
      {
        ...r,
        created_at: iso(r.created_at),
        submitted_at: iso(r.submitted_at),
        deleted_at: iso(r.deleted_at),
      },
    ]),
  );
  return ids.map((id) => byId.get(id));
}

describe('the staff list answer', () => {
  it('is the contract’s, with its values, for filters, sorts, paging, archived rows and a school-limited role', async () => {
    const r = await newRegistrant(t);
    const p = r.periodId;
    // Empty name and submission time, is_accepted null, microseconds (cut to milliseconds as a Date does),
    // a submitted one, an archived one, an accepted one.
    await variant(r.id, `LB-${p}-1`, `name = NULL, created_at = '2026-01-02 03:04:05.678999+07'`);
    await variant(
      r.id,
      `LB-${p}-2`,
      `status = 'submitted', is_submit = true, locked = true, submitted_at = '2026-02-03 04:05:06.000001+00'`,
    );
    await variant(r.id, `LB-${p}-3`, `deleted_at = '2026-03-04 23:59:59.999+07'`);
    await variant(
      r.id,
      `LB-${p}-4`,
      `status = 'accepted', is_submit = true, is_verified = true, is_accepted = true, locked = true,
       submitted_at = now(), is_internal = true`,
    );
    const other = await openPeriod(t, { level: 'SMP' });
    const sdStaff = await t.staff([flags('Calon Murid', 'read')], [r.schoolId]);
    const smpStaff = await t.staff([flags('Calon Murid', 'read')], [other.schoolId]);

    const queries = [
      `school_period_id=${p}`,
      `school_period_id=${p}&sort=name&order=asc`,
      `school_period_id=${p}&sort=submitted_at&order=desc`,
      `school_period_id=${p}&status=draft&is_accepted=null`,
      `school_period_id=${p}&is_accepted=true&is_internal=true`,
      `school_period_id=${p}&show_deleted=true`,
      `school_period_id=${p}&limit=2&page=2&sort=registration_number&order=asc`,
      `school_period_id=${p}&search=Varian`,
      `school_period_id=${p}&search=Varian&page=2&limit=1`,
      // Quotes, backslashes and LIKE's wildcards reach the statement as escaped literals.
      `school_period_id=${p}&search=${encodeURIComponent("Var'ian\\%_ E'")}`,
      `school_period_id=${p}&date_from=2000-01-01&status=submitted`,
      `school_period_id=${p}&payment_status=unbilled&sort=status`,
      `school_period_id=${p}&page=50`,
    ];
    for (const q of queries) {
      const asAdmin = await listed(t.admin, q);
      const ids = asAdmin.data.map((x) => x.id);
      expect(asAdmin.data).toEqual((await expectedRows(ids)).map((e) => expect.objectContaining(e)));
      for (const row of asAdmin.data) {
        expect(row).toMatchObject({ school_id: r.schoolId, school_period_id: p, mst_class_id: r.classId });
        expect(row.possible_duplicate_count).toBeGreaterThanOrEqual(0);
      }
      expect(asAdmin.total).toBeGreaterThanOrEqual(asAdmin.data.length);
      // Staff of the same school see the same answer; staff of another school see none of it.
      expect(await listed(sdStaff, q)).toEqual(asAdmin);
      expect(await listed(smpStaff, q)).toEqual({ ...asAdmin, data: [], total: 0, counts: {} });
    }

    const byName = await listed(t.admin, `school_period_id=${p}&sort=name&order=asc`);
    const { rows: names } = await t.ownerPool.query(
      `SELECT id FROM registrants WHERE school_period_id = $1 AND deleted_at IS NULL
       ORDER BY name ASC NULLS LAST, id ASC`,
      [p],
    );
    expect(byName.data.map((x) => x.id)).toEqual(names.map((x) => x.id));
    expect(byName.data.at(-1)?.name).toBeNull();
    expect(byName).toMatchObject({
      total: 4,
      page: 1,
      limit: 25,
      counts: { draft: 2, submitted: 1, accepted: 1 },
    });
    const nulled = byName.data.at(-1)!;
    expect(nulled.created_at).toBe('2026-01-01T20:04:05.678Z');
    expect(nulled).toMatchObject({ submitted_at: null, is_accepted: null, deleted_at: null });
    const archived = await listed(t.admin, `school_period_id=${p}&show_deleted=true`);
    expect(archived.data.map((x) => x.deleted_at)).toEqual(['2026-03-04T16:59:59.999Z']);
  });
});
