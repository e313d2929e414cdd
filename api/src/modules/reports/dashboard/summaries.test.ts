import type { DashboardData } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { call } from '../../../../test/helpers';
import { scoredSession } from '../../../../test/scored-session';
import { type Season, season } from '../../../../test/season';

jest.setTimeout(120_000);

const t = appPerFile({ dashboardCacheMs: 0 });
let s: Season;

beforeAll(async () => {
  s = await season(t, t.admin);
});

const sql = async <R>(text: string, values: unknown[] = []) =>
  (await t.ownerPool.query(text, values)).rows as R[];

/** The running sums of the tenant, rows that add up to nothing left out. */
const SUMMARIES = {
  registrants: `SELECT school_id, school_year_id, school_period_id, mst_class_id, status, paid, tested, day::text,
      registrants::int AS n FROM report_registrant_days WHERE tenant_id = $1 AND registrants <> 0`,
  bills: `SELECT school_id, school_year_id, school_period_id, mst_type_payment_id, state, day::text, bills::int,
      billed::float8, paid::float8 FROM report_bill_days WHERE tenant_id = $1 AND (bills, billed, paid) <> (0, 0, 0)`,
  payments: `SELECT school_id, school_year_id, school_period_id, mst_type_payment_id, day::text, payments::int,
      amount::float8 FROM report_payment_days WHERE tenant_id = $1 AND (payments, amount) <> (0, 0)`,
};

/** The same sums counted again from the registrants, bills, installments and test sittings. */
const FROM_BASE = {
  registrants: `SELECT r.school_id, r.school_year_id, r.school_period_id, r.mst_class_id, r.status,
      EXISTS (SELECT 1 FROM registrant_header_payments h WHERE h.tenant_id = r.tenant_id AND h.registrant_id = r.id
        AND h.deleted_at IS NULL AND h.state = 'paid') AS paid,
      EXISTS (SELECT 1 FROM registrant_tests x WHERE x.tenant_id = r.tenant_id AND x.registrant_id = r.id
        AND x.deleted_at IS NULL AND x.scored_at IS NOT NULL) AS tested,
      (r.created_at AT TIME ZONE 'Asia/Jakarta')::date::text AS day, count(*)::int AS n
    FROM registrants r WHERE r.tenant_id = $1 AND r.deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6, 7, 8`,
  bills: `SELECT h.school_id, r.school_year_id, r.school_period_id, h.mst_type_payment_id, h.state,
      (h.created_at AT TIME ZONE 'Asia/Jakarta')::date::text AS day, count(*)::int AS bills,
      sum(h.total_amount)::float8 AS billed, sum(h.paid_amount)::float8 AS paid
    FROM registrant_header_payments h JOIN registrants r ON r.tenant_id = h.tenant_id AND r.id = h.registrant_id
    WHERE h.tenant_id = $1 AND h.deleted_at IS NULL AND (r.deleted_at IS NULL OR h.state = 'paid')
    GROUP BY 1, 2, 3, 4, 5, 6`,
  payments: `SELECT h.school_id, r.school_year_id, r.school_period_id, h.mst_type_payment_id,
      (i.paid_at AT TIME ZONE 'Asia/Jakarta')::date::text AS day, count(*)::int AS payments,
      sum(i.amount)::float8 AS amount
    FROM registrant_installment_payments i
    JOIN registrant_header_payments h ON h.tenant_id = i.tenant_id AND h.id = i.header_id
    JOIN registrants r ON r.tenant_id = h.tenant_id AND r.id = h.registrant_id
    WHERE i.tenant_id = $1 AND i.paid_at IS NOT NULL AND h.deleted_at IS NULL
      AND (r.deleted_at IS NULL OR h.state = 'paid')
    GROUP BY 1, 2, 3, 4, 5`,
};

const sorted = (rows: object[]) => rows.map((r) => JSON.stringify(r)).sort();

/** Every running sum equals the count from the base tables, and the dashboard shows the base figures. */
async function expectExact() {
  for (const key of ['registrants', 'bills', 'payments'] as const) {
    const kept = await sql<object>(SUMMARIES[key], [s.tenantId]);
    const counted = await sql<object>(FROM_BASE[key], [s.tenantId]);
    expect({ [key]: sorted(kept) }).toEqual({ [key]: sorted(counted) });
  }
  const res = await call(t.app, {
    method: 'GET',
    url: `/api/v1/report/dashboard?school_period_id=${s.periodId}`,
    token: t.admin,
  });
  expect(res.status).toBe(200);
  const data = res.body.data as DashboardData;
  const [base] = await sql<Record<string, number>>(
    `SELECT
       (SELECT count(*) FROM registrants r WHERE r.school_period_id = $1 AND r.deleted_at IS NULL)::int AS total,
       (SELECT count(*) FROM registrants r WHERE r.school_period_id = $1 AND r.deleted_at IS NULL
         AND r.status = 'withdrawn')::int AS withdrawn,
       (SELECT count(DISTINCT h.registrant_id) FROM registrant_header_payments h JOIN registrants r ON r.id = h.registrant_id
         WHERE r.school_period_id = $1 AND r.deleted_at IS NULL AND h.deleted_at IS NULL AND h.state = 'paid')::int AS paid,
       (SELECT count(DISTINCT x.registrant_id) FROM registrant_tests x JOIN registrants r ON r.id = x.registrant_id
         WHERE r.school_period_id = $1 AND r.deleted_at IS NULL AND x.deleted_at IS NULL
           AND x.scored_at IS NOT NULL)::int AS tested,
       (SELECT coalesce(sum(h.total_amount), 0) FROM registrant_header_payments h JOIN registrants r ON r.id = h.registrant_id
         WHERE r.school_period_id = $1 AND (r.deleted_at IS NULL OR h.state = 'paid') AND h.deleted_at IS NULL
           AND h.state IN ('published', 'partially_paid', 'paid'))::float8 AS billed,
       (SELECT coalesce(sum(h.paid_amount), 0) FROM registrant_header_payments h JOIN registrants r ON r.id = h.registrant_id
         WHERE r.school_period_id = $1 AND (r.deleted_at IS NULL OR h.state = 'paid') AND h.deleted_at IS NULL
           AND h.state IN ('published', 'partially_paid', 'paid'))::float8 AS paid_amount,
       (SELECT coalesce(sum(i.amount), 0) FROM registrant_installment_payments i
         JOIN registrant_header_payments h ON h.id = i.header_id JOIN registrants r ON r.id = h.registrant_id
         WHERE r.school_period_id = $1 AND (r.deleted_at IS NULL OR h.state = 'paid') AND h.deleted_at IS NULL
           AND i.paid_at IS NOT NULL)::float8 AS received`,
    [s.periodId],
  );
  const f = data.funnel[0];
  expect({
    total: f?.total ?? 0,
    withdrawn: f?.statuses.withdrawn ?? 0,
    paid: f?.paid ?? 0,
    tested: f?.tested ?? 0,
    billed: data.money.billed,
    paid_amount: data.money.paid,
    received: data.daily.reduce((a, d) => a + d.paid_amount, 0),
  }).toEqual(base);
  expect(data.places[0]?.taken).toBe(base!.total);
}

const bills = (registrantId: number) =>
  sql<{ id: number; state: string }>(
    'SELECT id, state FROM registrant_header_payments WHERE registrant_id = $1 ORDER BY id',
    [registrantId],
  );

describe('the running sums behind the dashboard', () => {
  it('stay exact through registration, state changes, payments, archive, restore and deletes', async () => {
    await expectExact();

    // A state change and a move to another class.
    await sql("UPDATE registrants SET status = 'withdrawn', withdrawn_at = now() WHERE id = $1", [
      s.registrantIds[2],
    ]);
    await expectExact();

    // The rest of the partly paid bill, through the api: the registrant becomes paid.
    const [partial] = await bills(s.registrantIds[1]!);
    const open = await sql<{ id: number }>(
      'SELECT id FROM registrant_installment_payments WHERE header_id = $1 AND paid_at IS NULL ORDER BY seq',
      [partial!.id],
    );
    for (const i of open) {
      const res = await call(t.app, {
        method: 'POST',
        url: `/api/v1/registrant_header_payments/approve_payment/${partial!.id}`,
        token: t.admin,
        payload: { method: 'transfer', reason: 'Bukti transfer diperiksa', installment_id: i.id },
      });
      expect(res.status).toBe(200);
    }
    expect((await bills(s.registrantIds[1]!))[0]?.state).toBe('paid');
    await expectExact();

    // Archive an unpaid bill through the api, then bring it back.
    const [unpaid] = await bills(s.registrantIds[4]!);
    const archived = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/registrant_header_payment/${unpaid!.id}`,
      token: t.admin,
    });
    expect(archived.status).toBe(200);
    await expectExact();
    await sql("UPDATE registrant_header_payments SET deleted_at = NULL, state = 'published' WHERE id = $1", [
      unpaid!.id,
    ]);
    await expectExact();

    // Archive and restore a bill with paid installments: its payments leave the days and come back.
    const [full] = await bills(s.registrantIds[0]!);
    await sql('UPDATE registrant_header_payments SET deleted_at = now() WHERE id = $1', [full!.id]);
    await expectExact();
    await sql('UPDATE registrant_header_payments SET deleted_at = NULL WHERE id = $1', [full!.id]);
    await expectExact();

    // A scored sitting makes a registrant tested; removing the score takes it back. (The session's own
    // registrants move to its period: registrant moves are checked by the tenant-wide comparison.)
    const session = await scoredSession(t, 1);
    await expectExact();
    const [seat] = await sql<{ id: number }>(
      `INSERT INTO registrant_tests (tenant_id, registrant_id, school_id, mst_test_detail_id, mst_test_id,
         assign_method, score, scored_at)
       VALUES ($1, $2, $3, $4, $5, 'manual', 80, now()) RETURNING id`,
      [s.tenantId, s.registrantIds[0], s.schoolId, session.session, session.testType],
    );
    await expectExact();
    const res = await call(t.app, {
      method: 'GET',
      url: `/api/v1/report/dashboard?school_period_id=${s.periodId}`,
      token: t.admin,
    });
    expect((res.body.data as DashboardData).funnel[0]?.tested).toBe(1);
    await sql('UPDATE registrant_tests SET scored_at = NULL, score = NULL WHERE id = $1', [seat!.id]);
    await expectExact();
    await sql('DELETE FROM registrant_tests WHERE id = $1', [seat!.id]);
    await expectExact();

    // A registrant archived with its bills, then restored.
    await sql('UPDATE registrants SET deleted_at = now() WHERE id = $1', [s.registrantIds[0]]);
    await expectExact();
    await sql('UPDATE registrants SET deleted_at = NULL WHERE id = $1', [s.registrantIds[0]]);
    await expectExact();

    // A registrant who left the season: its open bill counts nowhere until it is paid in full, then it counts
    // with its payments; taking the payment back takes them away again.
    await sql('UPDATE registrants SET deleted_at = now() WHERE id = $1', [s.registrantIds[2]]);
    await expectExact();
    const [left] = await bills(s.registrantIds[2]!);
    await sql(
      "UPDATE registrant_installment_payments SET paid_at = now(), paid_via = 'manual' WHERE header_id = $1",
      [left!.id],
    );
    await expectExact();
    await sql(
      "UPDATE registrant_header_payments SET state = 'paid', paid_amount = total_amount, paid_at = now() WHERE id = $1",
      [left!.id],
    );
    await expectExact();
    await sql(
      'UPDATE registrant_installment_payments SET paid_at = NULL, paid_via = NULL WHERE header_id = $1',
      [left!.id],
    );
    await expectExact();
    await sql(
      "UPDATE registrant_header_payments SET state = 'published', paid_amount = 0, paid_at = NULL WHERE id = $1",
      [left!.id],
    );
    await expectExact();
    await sql('UPDATE registrants SET deleted_at = NULL WHERE id = $1', [s.registrantIds[2]]);
    await expectExact();

    // A bill deleted outright takes its installments (and their payments) with it.
    await sql('DELETE FROM registrant_header_payments WHERE id = $1', [partial!.id]);
    await expectExact();
  });
});
