/**
 * The staff list gives an answer again while the registrants list's version (list_versions, raised by
 * triggers in the writing transaction) is the one it was read at. These tests change what the list shows the
 * way another api instance or a job would — straight in the database, past this process — and expect the next
 * answer to show it; they also hold the triggers to what they watch, and the sign-in check and school scope
 * to every answer, kept or not.
 */
import { registrantAdminListResponseSchema } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { newRegistrant, openPeriod, registrantIn } from '../../../../test/parent-journey';
import { flags } from '../../../../test/staff';

const t = appPerFile();

async function listed(token: string, q: string) {
  const res = await call(t.app, { method: 'GET', url: api(`/registrants/admin?${q}`), token });
  expect(res.status).toBe(200);
  return registrantAdminListResponseSchema.parse(res.body);
}

const version = async (tenantId: number) =>
  Number(
    (
      await t.ownerPool.query(
        "SELECT COALESCE((SELECT version FROM list_versions WHERE tenant_id = $1 AND list = 'registrants'), 0) AS v",
        [tenantId],
      )
    ).rows[0].v,
  );
const tenantOf = async (registrantId: number) =>
  (await t.ownerPool.query('SELECT tenant_id FROM registrants WHERE id = $1', [registrantId])).rows[0]
    .tenant_id as number;

describe('answers of the staff list kept per version', () => {
  it('show every change made past this process at the next request', async () => {
    const r = await newRegistrant(t);
    const q = `school_period_id=${r.periodId}`;
    const row = async () => (await listed(t.admin, q)).data.find((x) => x.id === r.id)!;
    expect((await row()).status).toBe('draft');
    // Asked twice: the second answer may be the kept one.
    expect((await listed(t.admin, q)).data.map((x) => x.id)).toContain(r.id);

    await t.ownerPool.query("UPDATE registrants SET name = 'Nama Diganti' WHERE id = $1", [r.id]);
    expect((await row()).name).toBe('Nama Diganti');

    await t.ownerPool.query(
      "UPDATE users SET name = 'Orang Tua Diganti' WHERE id = (SELECT user_id FROM registrants WHERE id = $1)",
      [r.id],
    );
    expect((await row()).parent_name).toBe('Orang Tua Diganti');

    await t.ownerPool.query("UPDATE mst_classes SET name = 'Kelas Diganti' WHERE id = $1", [r.classId]);
    expect((await row()).mst_class_name).toBe('Kelas Diganti');

    await t.ownerPool.query("UPDATE school_periods SET name = 'Gelombang Diganti' WHERE id = $1", [
      r.periodId,
    ]);
    expect((await row()).school_period_name).toBe('Gelombang Diganti');

    await t.ownerPool.query('UPDATE registrants SET deleted_at = now() WHERE id = $1', [r.id]);
    expect((await listed(t.admin, q)).data.map((x) => x.id)).not.toContain(r.id);
    expect((await listed(t.admin, `${q}&show_deleted=true`)).data.map((x) => x.id)).toContain(r.id);
  });

  it('keep counted totals only while nothing changed', async () => {
    const r = await newRegistrant(t);
    // A search is counted over the registrants, not from the running counts.
    const q = `school_period_id=${r.periodId}&search=${encodeURIComponent(r.registrationNumber)}`;
    expect((await listed(t.admin, q)).total).toBe(1);
    expect((await listed(t.admin, `${q}&page=2`)).total).toBe(1);
    await t.ownerPool.query("UPDATE registrants SET status = 'form_complete' WHERE id = $1", [r.id]);
    const after = await listed(t.admin, `${q}&page=2`);
    expect(after.counts).toEqual({ form_complete: 1 });
  });

  it('are raised by listed columns only, once per transaction', async () => {
    const r = await newRegistrant(t);
    const tenantId = await tenantOf(r.id);
    const before = await version(tenantId);

    // The parent's form autosave: answers and documents are not in the list.
    await t.ownerPool.query(
      `UPDATE registrants SET question_answer = '{"9": "jawaban"}', documents = documents || '{}', updated_at = now() WHERE id = $1`,
      [r.id],
    );
    await t.ownerPool.query(
      'UPDATE users SET updated_at = now() WHERE id = (SELECT user_id FROM registrants WHERE id = $1)',
      [r.id],
    );
    expect(await version(tenantId)).toBe(before);

    // Five registrants in one statement, then all of them changed in one statement: one step each.
    const { rows } = await t.ownerPool.query(
      `INSERT INTO registrants (tenant_id, user_id, school_id, school_period_id, mst_class_id, school_year_id,
         registration_number, name)
       SELECT tenant_id, user_id, school_id, school_period_id, mst_class_id, school_year_id, 'LV-' || g || '-' || id, 'Banyak ' || g
       FROM registrants, generate_series(1, 5) g WHERE id = $1 RETURNING id`,
      [r.id],
    );
    expect(await version(tenantId)).toBe(before + 1);
    await t.ownerPool.query("UPDATE registrants SET status = 'form_complete' WHERE id = ANY($1)", [
      rows.map((x) => x.id),
    ]);
    expect(await version(tenantId)).toBe(before + 2);
    // Several statements of one transaction: one step.
    const client = await t.ownerPool.connect();
    try {
      await client.query('BEGIN');
      await client.query("UPDATE registrants SET name = 'Sekali' WHERE id = $1", [rows[0].id]);
      await client.query('DELETE FROM registrants WHERE id = ANY($1)', [rows.map((x) => x.id)]);
      // Raised at the commit, together with the change.
      expect(await version(tenantId)).toBe(before + 2);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect(await version(tenantId)).toBe(before + 3);

    // What the payment-status filter reads: a bill's state.
    await t.ownerPool.query(
      `INSERT INTO registrant_header_payments (tenant_id, registrant_id, school_id, mst_type_payment_id, total_amount)
       SELECT r.tenant_id, r.id, r.school_id, tp.id, 100000 FROM registrants r
       JOIN mst_type_payments tp ON tp.tenant_id = r.tenant_id WHERE r.id = $1 LIMIT 1`,
      [r.id],
    );
    expect(await version(tenantId)).toBe(before + 4);
    await t.ownerPool.query(
      "UPDATE registrant_header_payments SET state = 'published' WHERE registrant_id = $1",
      [r.id],
    );
    expect(await version(tenantId)).toBe(before + 5);
    expect(
      (await listed(t.admin, `school_period_id=${r.periodId}&payment_status=unpaid`)).data.map((x) => x.id),
    ).toEqual([r.id]);
  });

  it('add no deadlock between writers that wait for each other’s rows', async () => {
    const r = await newRegistrant(t);
    const parent = `(SELECT user_id FROM registrants WHERE id = ${Number(r.id)})`;
    const [a, b] = [await t.ownerPool.connect(), await t.ownerPool.connect()];
    try {
      await a.query('BEGIN');
      await b.query('BEGIN');
      // Staff correct the child's name while the parent changes their own name, both listed.
      await a.query("UPDATE registrants SET name = 'Oleh Staf' WHERE id = $1", [r.id]);
      await b.query(`UPDATE users SET name = 'Oleh Orang Tua' WHERE id = ${parent}`);
      // A then waits for the parent's row B holds; B finishes without waiting for anything A holds.
      const aWaits = a.query(`UPDATE users SET phone_number = '081200000001' WHERE id = ${parent}`);
      await b.query('COMMIT');
      await aWaits;
      await a.query('COMMIT');
    } finally {
      a.release();
      b.release();
    }
    const row = (await listed(t.admin, `school_period_id=${r.periodId}`)).data.find((x) => x.id === r.id);
    expect(row).toMatchObject({
      name: 'Oleh Staf',
      parent_name: 'Oleh Orang Tua',
      parent_phone: '081200000001',
    });
  });

  it('are given only to a caller still signed in, and only within its schools', async () => {
    const sd = await openPeriod(t);
    const smp = await openPeriod(t, { level: 'SMP' });
    const inSd = await registrantIn(t, sd);
    const inSmp = await registrantIn(t, smp);
    const q = 'sort=created_at&order=desc&limit=100';
    const all = (await listed(t.admin, q)).data.map((x) => x.id);
    expect(all).toEqual(expect.arrayContaining([inSd.id, inSmp.id]));

    const sdStaff = await t.staff([flags('Calon Murid', 'read')], [sd.schoolId]);
    const seen = (await listed(sdStaff, q)).data;
    expect(seen.map((x) => x.id)).toContain(inSd.id);
    expect(seen.every((x) => x.school_id === sd.schoolId)).toBe(true);

    const out = await call(t.app, { method: 'POST', url: api('/logout'), token: sdStaff });
    expect(out.status).toBe(200);
    const refused = await call(t.app, { method: 'GET', url: api(`/registrants/admin?${q}`), token: sdStaff });
    expect(refused.status).toBe(401);
  });
});
