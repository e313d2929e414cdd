/**
 * "Still in use" on archive comes from the database's foreign keys: a class used by a live registrant cannot be
 * archived, the message names what uses it and how many, and uses in schools the caller cannot see count too.
 */

import { appPerFile } from '../../test/app-per-file';
import { api, call } from '../../test/helpers';
import { demo, newRegistrant } from '../../test/parent-journey';
import { firstSignIn } from '../../test/staff';
import { referencesOf } from './references';

const t = appPerFile();

describe('archive of a record still in use', () => {
  it('refuses a class a live registrant uses, naming the use and the count; allows it once none is live', async () => {
    const r = await newRegistrant(t);
    const count = async (table: string) =>
      (
        await t.ownerPool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${table} WHERE mst_class_id = $1 AND deleted_at IS NULL`,
          [r.classId],
        )
      ).rows[0]!.n;
    // The class quota of the period, the demo fee lines of an entry class and the demo items of a class also
    // point at the class; every live use is named with its count, in the catalog's order.
    const uses = [
      [await count('class_periods'), 'Kelas per Periode'],
      [await count('mst_items'), 'Barang'],
      [await count('registrants'), 'Calon Murid'],
      [await count('setup_payments'), 'Rincian Biaya'],
    ]
      .filter(([n]) => Number(n) > 0)
      .map(([n, label]) => `${n} data ${label}`);
    expect(uses.some((u) => u.endsWith('Calon Murid'))).toBe(true);
    const res = await call(t.app, { method: 'DELETE', url: api(`/mst_class/${r.classId}`), token: t.admin });
    expect(res.status).toBe(409);
    const named = `${uses.slice(0, -1).join(', ')} dan ${uses.at(-1)}`;
    expect(res.body.message).toBe(
      `Kelas tidak dapat diarsipkan karena masih digunakan oleh ${named}. Arsipkan atau pindahkan data tersebut terlebih dahulu.`,
    );
    await t.ownerPool.query('UPDATE registrants SET deleted_at = now() WHERE mst_class_id = $1', [r.classId]);
    for (const table of ['class_periods', 'mst_items', 'setup_payments'])
      await t.ownerPool.query(`UPDATE ${table} SET deleted_at = now() WHERE mst_class_id = $1`, [r.classId]);
    const ok = await call(t.app, { method: 'DELETE', url: api(`/mst_class/${r.classId}`), token: t.admin });
    expect(ok.body.message).toBe('Data berhasil diarsipkan.');
  });

  it('counts uses in every school, also for a role limited to one school', async () => {
    const d = await demo(t);
    // A school year (shared by every school) whose only use is a registration period of SMP.
    const year = (
      await t.ownerPool.query<{ id: number }>(
        "INSERT INTO school_years (tenant_id, name, start_date, end_date) VALUES ($1, '2031/2032', '2031-07-01', '2032-06-30') RETURNING id",
        [d.tenant_id],
      )
    ).rows[0]!.id;
    await t.ownerPool.query(
      `INSERT INTO school_periods (tenant_id, school_id, school_year_id, name, start_date, end_date)
       VALUES ($1, $2, $3, 'Gelombang SMP 2031', '2031-01-01', '2031-03-01')`,
      [d.tenant_id, d.smp, year],
    );
    const role = await call(t.app, {
      method: 'POST',
      url: api('/role'),
      token: t.admin,
      payload: { name: 'Staf SD Saja' },
    });
    const roleId = (role.body.data as { id: number }).id;
    await t.ownerPool.query(
      `UPDATE role_modules SET read_action = 1, insert_action = 1, update_action = 1, delete_action = 1
       WHERE tenant_id = $1 AND role_id = $2`,
      [d.tenant_id, roleId],
    );
    await call(t.app, {
      method: 'POST',
      url: api(`/role_school/${roleId}`),
      token: t.admin,
      payload: [d.sd],
    });
    await call(t.app, {
      method: 'POST',
      url: api('/user'),
      token: t.admin,
      payload: { name: 'Staf SD', email: 'stafsd@demo.sch.id', role_id: roleId, password: 'rahasia1' },
    });
    const sdStaff = await firstSignIn(t, 'stafsd@demo.sch.id', 'rahasia1');
    // The SMP period is invisible to this role…
    const periods = await call(t.app, {
      method: 'GET',
      url: api(`/school_periods?school_year_id=${year}`),
      token: sdStaff,
    });
    expect(periods.body.total).toBe(0);
    // …yet it keeps the year from being archived.
    const res = await call(t.app, { method: 'DELETE', url: api(`/school_year/${year}`), token: sdStaff });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/masih digunakan oleh 1 data Periode Pendaftaran\./);
    // The scope was lifted for the count only.
    const after = await call(t.app, { method: 'GET', url: api('/schools'), token: sdStaff });
    expect((after.body.data as { id: number }[]).map((s) => s.id)).toEqual([d.sd]);
  });

  it('reads the foreign keys of the live schema, not a declared list', async () => {
    const index = await referencesOf(t.pool);
    const toClasses = index.get('mst_classes')?.map((r) => `${r.table}.${r.column}`);
    expect(toClasses).toEqual(
      expect.arrayContaining(['registrants.mst_class_id', 'class_periods.mst_class_id']),
    );
    // Bookkeeping tables without soft delete (role flags, revoked tokens) never count as a use.
    const toUsers = index.get('users')?.map((r) => r.table) ?? [];
    expect(toUsers).not.toContain('revoked_tokens');
  });
});
