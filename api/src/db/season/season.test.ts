import { BILL_STATE_LABELS, type DashboardData, REGISTRANT_STATUSES, type ReportName } from '@psb/contracts';
import { call, setupTestApp, type TestContext, tokenFor } from '../../../test/helpers';
import { createTenant } from '../seed';
import { generateSeason, SeasonRefused, type SeasonSummary } from './index';

jest.setTimeout(180_000);

let t: TestContext;
let admin: string;
let yearId: number;
let before: DashboardData;
let after: DashboardData;
let s: SeasonSummary;

const dashboard = async () => {
  const res = await call(t.app, {
    method: 'GET',
    url: `/api/v1/report/dashboard?school_year_id=${yearId}`,
    token: admin,
  });
  expect(res.status).toBe(200);
  return res.body.data as DashboardData;
};
const report = async (name: ReportName) => {
  const res = await call(t.app, {
    method: 'GET',
    url: `/api/v1/report/${name}?school_year_id=${yearId}`,
    token: admin,
  });
  expect(res.status).toBe(200);
  return res.body.data as { rows: Record<string, string | number | null>[]; totals: Record<string, number> };
};
const statusCount = (d: DashboardData, status: string) =>
  d.funnel.reduce((n, f) => n + (f.statuses[status] ?? 0), 0);
const sum = (list: { [k: string]: unknown }[], key: string) =>
  list.reduce((n, x) => n + Number(x[key] ?? 0), 0);

beforeAll(async () => {
  t = await setupTestApp({ dashboardCacheMs: 0 });
  admin = await tokenFor(t.app, 'superadmin@demo.sch.id', 'admin');
  const { rows } = await t.ownerPool.query<{ id: number }>(
    "SELECT y.id FROM school_years y JOIN tenants t ON t.id = y.tenant_id WHERE t.slug = 'demo' AND y.is_active",
  );
  yearId = rows[0]!.id;
  before = await dashboard();
  s = await generateSeason(t.ownerPool, { registrants: 400, seed: 11 });
  after = await dashboard();
});
afterAll(async () => {
  await t?.close();
});

describe('npm run demo:season', () => {
  it('spreads the registrants over every state and the bills over every payment state', () => {
    expect(s.registrants).toBe(400);
    for (const status of REGISTRANT_STATUSES) expect(s.byStatus[status]).toBeGreaterThan(0);
    for (const n of Object.values(s.bills.plans)) expect(n).toBeGreaterThan(0);
    expect(s.seats).toBeGreaterThan(0);
    expect(s.scored).toBeGreaterThan(0);
  });

  it('gives some families children in two schools, each the other’s sibling on the record', async () => {
    expect(s.families).toBeGreaterThan(0);
    const { rows } = await t.ownerPool.query<{ n: number }>(
      `SELECT count(DISTINCT user_id)::int AS n FROM registrants
       WHERE tenant_id = (SELECT id FROM tenants WHERE slug = 'demo')
       GROUP BY user_id HAVING count(DISTINCT school_id) > 1`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(s.families);
  });

  it('books interview slots of the coming days, each slot counting exactly its live bookings', async () => {
    expect(s.appointments.slots).toBeGreaterThan(0);
    expect(s.appointments.bookings).toBeGreaterThan(0);
    const { rows } = await t.ownerPool.query<{ off: number; over: number }>(
      `SELECT count(*) FILTER (WHERE s.booked <> (SELECT count(*) FROM appointment_bookings b
                 WHERE b.tenant_id = s.tenant_id AND b.appointment_slot_id = s.id AND b.cancelled_at IS NULL))::int AS off,
              count(*) FILTER (WHERE s.booked > s.capacity)::int AS over
       FROM appointment_slots s`,
    );
    expect(rows[0]).toEqual({ off: 0, over: 0 });
  });

  it('shows on the dashboard exactly what it generated', () => {
    // Withdrawn registrants leave the live lists (their place is freed), so the funnel counts the others.
    for (const status of REGISTRANT_STATUSES.filter((x) => x !== 'withdrawn'))
      expect([status, statusCount(after, status) - statusCount(before, status)]).toEqual([
        status,
        s.byStatus[status],
      ]);
    expect(sum(after.funnel, 'total') - sum(before.funnel, 'total')).toBe(
      s.registrants - s.byStatus.withdrawn,
    );

    // Of a withdrawn registrant's bills only those paid in full count: what it still owes is not outstanding.
    const b = s.bills;
    const w = b.ofWithdrawn;
    const published = b.plans.published + b.plans.expired + b.plans.partial + b.plans.paid;
    expect(after.money.bills - before.money.bills).toBe(published - w.bills + w.paidBills);
    expect(after.money.paid_bills - before.money.paid_bills).toBe(b.plans.paid);
    expect(after.money.billed - before.money.billed).toBe(b.billed - w.billed + w.paidBilled);
    expect(after.money.paid - before.money.paid).toBe(b.paid - w.paid + w.paidBilled);
    expect(after.money.billed).toBe(after.money.paid + after.money.outstanding);

    // Every payment of the season lies in the chart's last 90 days.
    expect(sum(after.daily, 'payments') - sum(before.daily, 'payments')).toBe(
      b.installmentsPaid - w.installmentsPaid + w.paidBillInstallments,
    );
    expect(sum(after.daily, 'registrations') - sum(before.daily, 'registrations')).toBe(
      s.registrants - s.byStatus.withdrawn,
    );
    expect(sum(after.places, 'taken') - sum(before.places, 'taken')).toBe(
      s.registrants - s.byStatus.withdrawn,
    );
    for (const p of after.places) expect(p.left).toBeGreaterThanOrEqual(0);
  });

  it('shows in the bill reports the same money as the dashboard', async () => {
    const b = s.bills;
    const stats = await report('statistic_payment_report');
    const bills = (label: string) => Number(stats.rows.find((r) => r.state_label === label)?.bills ?? 0);
    expect(bills(BILL_STATE_LABELS.paid)).toBe(after.money.paid_bills);
    expect(bills(BILL_STATE_LABELS.partially_paid)).toBe(b.plans.partial);
    expect(bills(BILL_STATE_LABELS.published) + bills(BILL_STATE_LABELS.partially_paid)).toBe(
      after.money.open_bills,
    );
    for (const name of [
      'payment_report',
      'statistic_payment_report',
      'registrant_payment_per_year',
    ] as const) {
      const { totals } = await report(name);
      expect([name, totals.billed, totals.paid, totals.outstanding]).toEqual([
        name,
        after.money.billed,
        after.money.paid,
        after.money.outstanding,
      ]);
    }
  });

  it('refuses a second season, and a tenant without the master data, changing nothing', async () => {
    await expect(generateSeason(t.ownerPool, { registrants: 10 })).rejects.toThrow(
      /sudah berisi musim contoh/,
    );
    await createTenant(t.ownerPool, { slug: 'kosong', name: 'Yayasan Kosong' });
    await expect(generateSeason(t.ownerPool, { tenant: 'kosong', registrants: 10 })).rejects.toThrow(
      SeasonRefused,
    );
    expect(await dashboard()).toEqual(after);
  });
});
