import { setupTestApp, type TestContext } from '../../../test/helpers';
import type { Pool, PoolClient } from '../pool';
import { generateSeason } from './index';

jest.setTimeout(180_000);

let t: TestContext;

afterAll(async () => {
  await t?.close();
});

/** Statements in one transaction bound to the tenant (its row-level security applies to the owner too). */
async function asTenant<T>(ownerPool: Pool, tenantId: number, work: (q: PoolClient['query']) => Promise<T>) {
  const client = await ownerPool.connect();
  try {
    await client.query('BEGIN');
    await client.query("SELECT set_config('app.tenant_id', $1, true)", [String(tenantId)]);
    const out = await work(client.query.bind(client) as PoolClient['query']);
    await client.query('COMMIT');
    return out;
  } finally {
    client.release();
  }
}

/** The tenant's running sums, zero rows left out (a row whose count went back to 0 adds nothing). */
async function sums(ownerPool: Pool, tenantId: number) {
  const read = async (table: string, zero: string) =>
    asTenant(
      ownerPool,
      tenantId,
      async (q) =>
        (
          await q(
            `SELECT * FROM ${table} WHERE tenant_id = $1 AND NOT (${zero}) ORDER BY ${orderBy[table]}`,
            [tenantId],
          )
        ).rows,
    );
  const orderBy: Record<string, string> = {
    report_registrant_days:
      'school_year_id, school_period_id, school_id, mst_class_id, status, paid, tested, day',
    report_bill_days: 'school_year_id, school_period_id, school_id, mst_type_payment_id, state, day',
    report_payment_days: 'school_year_id, school_period_id, school_id, mst_type_payment_id, day',
  };
  return {
    registrants: await read('report_registrant_days', 'registrants = 0'),
    bills: await read('report_bill_days', 'bills = 0 AND billed = 0 AND paid = 0'),
    payments: await read('report_payment_days', 'payments = 0 AND amount = 0'),
  };
}

describe('the dashboard sums of a bulk-loaded season', () => {
  it('are rebuilt in one pass to exactly what the row triggers keep', async () => {
    t = await setupTestApp();
    const { rows } = await t.ownerPool.query<{ id: number }>("SELECT id FROM tenants WHERE slug = 'demo'");
    const tenantId = rows[0]!.id;
    // Every state and every payment state, the sums kept row by row as the app's own writes keep them.
    const s = await generateSeason(t.ownerPool, { registrants: 300, seed: 5, summaries: 'row_by_row' });
    expect(s.byStatus.withdrawn).toBeGreaterThan(0);
    for (const n of Object.values(s.bills.plans)) expect(n).toBeGreaterThan(0);
    const kept = await sums(t.ownerPool, tenantId);
    expect(kept.registrants.length).toBeGreaterThan(10);
    expect(kept.bills.length).toBeGreaterThan(10);
    expect(kept.payments.length).toBeGreaterThan(10);

    await asTenant(t.ownerPool, tenantId, (q) => q('SELECT report_rebuild_summaries($1)', [tenantId]));
    const rebuilt = await sums(t.ownerPool, tenantId);
    expect(rebuilt.bills).toEqual(kept.bills);
    expect(rebuilt.payments).toEqual(kept.payments);
    // The season writes several bills (and sittings) of a registrant in one statement; the paid / tested flags
    // the triggers keep for them are the ones the rows say.
    expect(rebuilt.registrants).toEqual(kept.registrants);
    expect(kept.registrants.some((r) => r.paid)).toBe(true);
    expect(kept.registrants.some((r) => r.tested)).toBe(true);
  });

  it('are kept by the triggers again after the load: a later payment moves them', async () => {
    const { rows } = await t.ownerPool.query<{ id: number }>("SELECT id FROM tenants WHERE slug = 'demo'");
    const tenantId = rows[0]!.id;
    const before = await sums(t.ownerPool, tenantId);
    // Deferring is the owner's, for its own transaction only: this one (no setting) keeps the sums.
    await asTenant(t.ownerPool, tenantId, (q) =>
      q(
        `UPDATE registrant_installment_payments SET paid_at = now(), paid_via = 'manual'
       WHERE id = (SELECT min(i.id) FROM registrant_installment_payments i
         JOIN registrant_header_payments h ON h.tenant_id = i.tenant_id AND h.id = i.header_id
         JOIN registrants r ON r.tenant_id = h.tenant_id AND r.id = h.registrant_id AND r.deleted_at IS NULL
         WHERE i.tenant_id = $1 AND i.paid_at IS NULL AND h.deleted_at IS NULL AND h.state <> 'draft')`,
        [tenantId],
      ),
    );
    const after = await sums(t.ownerPool, tenantId);
    const total = (x: typeof before) => x.payments.reduce((n, p) => n + Number(p.payments), 0);
    expect(total(after)).toBe(total(before) + 1);
    await asTenant(t.ownerPool, tenantId, (q) => q('SELECT report_rebuild_summaries($1)', [tenantId]));
    expect(await sums(t.ownerPool, tenantId)).toEqual(after);
  });

  it('mark a registrant paid when one statement writes two paid bills of it', async () => {
    const { rows } = await t.ownerPool.query<{ id: number }>("SELECT id FROM tenants WHERE slug = 'demo'");
    const tenantId = rows[0]!.id;
    const paidRegistrants = async () =>
      (await sums(t.ownerPool, tenantId)).registrants
        .filter((r) => r.paid)
        .reduce((n, r) => n + Number(r.registrants), 0);
    const before = await paidRegistrants();
    const inserted = await asTenant(t.ownerPool, tenantId, async (q) => {
      const { rowCount } = await q(
        `WITH one AS (
           SELECT r.id, r.school_id FROM registrants r
           WHERE r.tenant_id = $1 AND r.deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM registrant_header_payments h
             WHERE h.tenant_id = r.tenant_id AND h.registrant_id = r.id)
           ORDER BY r.id LIMIT 1),
         types AS (SELECT DISTINCT mst_type_payment_id FROM registrant_header_payments WHERE tenant_id = $1
           ORDER BY 1 LIMIT 2)
         INSERT INTO registrant_header_payments (tenant_id, registrant_id, school_id, mst_type_payment_id, state,
           total_amount, paid_amount, paid_at)
         SELECT $1, one.id, one.school_id, types.mst_type_payment_id, 'paid', 100000, 100000, now()
         FROM one CROSS JOIN types`,
        [tenantId],
      );
      return rowCount;
    });
    expect(inserted).toBe(2);
    expect(await paidRegistrants()).toBe(before + 1);
    const kept = await sums(t.ownerPool, tenantId);
    await asTenant(t.ownerPool, tenantId, (q) => q('SELECT report_rebuild_summaries($1)', [tenantId]));
    expect(await sums(t.ownerPool, tenantId)).toEqual(kept);
  });
});
