/**
 * A staff role's schools are enforced by PostgreSQL (0006_school_scope.sql): every school-owned table carries
 * a restrictive `school_scope` policy, read once per statement, bound per connection. The routes are asked
 * for another school's record in school-scope.test.ts.
 */
import { appPerFile } from '../../test/app-per-file';
import { demo, newRegistrant } from '../../test/parent-journey';
import { policyTables, schoolScopePolicies, tablesWithColumn } from '../../test/school-scope-policies';
import { EVERY_SCHOOL, withTenant, withTenantTx } from './tenant-db';

const t = appPerFile();

/** Tables with a school that deliberately have no school_scope policy, and why. */
const EXEMPT: Record<string, string> = {
  role_schools: 'the access configuration itself, read to work out the scope',
};

describe('school_scope policies', () => {
  it('every table with a school_id or registrant_id column has a restrictive school_scope policy', async () => {
    const withSchool = await tablesWithColumn(t.ownerPool, ['school_id', 'registrant_id']);
    const policies = await policyTables(t.ownerPool);
    const owned = withSchool.filter((name) => !(name in EXEMPT));
    expect(owned).toEqual(expect.arrayContaining(['registrants', 'school_periods', 'mst_tokens']));
    for (const table of owned)
      expect({ table, policy: policies.get(table) }).toEqual({ table, policy: 'RESTRICTIVE' });
    // Rows reaching a school through a parent row, and schools themselves, are scoped too.
    for (const table of ['schools', 'mst_classes', 'class_periods', 'setup_payments', 'school_payments'])
      expect(policies.get(table)).toBe('RESTRICTIVE');
  });

  it('compares the row’s own school with the caller’s, with no subquery (Citus refuses them)', async () => {
    const rows = await schoolScopePolicies(t.ownerPool);
    expect(rows.length).toBeGreaterThan(30);
    // Rows that reached their school through a parent carry it in a school_id of their own (0291).
    const ownSchool =
      /^\(\(\w+ IS NULL\) OR \(app_school_ids\(\) IS NULL\) OR \(\w+ = ANY \(app_school_ids\(\)\)\)\)$/;
    expect(
      rows.filter((r) => !ownSchool.test(r.qual ?? '') || r.with_check !== r.qual).map((r) => r.table),
    ).toEqual([]);
  });

  it('binds the scope per connection: another school is invisible and cannot be written', async () => {
    const d = await demo(t);
    const b = await newRegistrant(t); // an SD registrant
    const onlySmp = [d.smp];
    const seen = await withTenant(
      t.pool,
      d.tenant_id,
      async ({ client }) => (await client.query('SELECT id FROM registrants WHERE id = $1', [b.id])).rowCount,
      onlySmp,
    );
    expect(seen).toBe(0);
    // The same pooled connections, unscoped again, see it (the binding is reset, not sticky).
    const all = await withTenant(
      t.pool,
      d.tenant_id,
      async ({ client }) => (await client.query('SELECT id FROM registrants WHERE id = $1', [b.id])).rowCount,
      EVERY_SCHOOL,
    );
    expect(all).toBe(1);
    await expect(
      withTenantTx(
        t.pool,
        d.tenant_id,
        ({ client }) =>
          client.query(
            `INSERT INTO school_periods (tenant_id, school_id, school_year_id, name, start_date, end_date)
             VALUES ($1, $2, $3, 'Gelombang Terlarang', '2027-01-01', '2027-02-01')`,
            [d.tenant_id, d.sd, d.year_id],
          ),
        onlySmp,
      ),
    ).rejects.toMatchObject({ code: '42501' });
  });
});
