import crypto from 'node:crypto';
import { type DashboardData, REPORTS, type ReportName } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { newParent, newVoucher, redeem } from '../../../../test/parent-journey';
import { type Season, season } from '../../../../test/season';

jest.setTimeout(120_000);

/**
 * One rule for the bills of a registrant who left the season (withdrew, or was archived by staff): a bill paid
 * in full still counts (billed and paid), anything it still owes counts nowhere. The dashboard, every bill
 * report and the bill list the dashboard links to must say the same.
 */

const t = appPerFile({ dashboardCacheMs: 0 });
let s: Season;
let yearId: number;
/** The withdrawn registrant's two bills: one paid in full, one never paid. */
const withdrawnPaid = 640_000;
const withdrawnOpen = 1_250_000;
let before: DashboardData;

const get = async (url: string) => {
  const res = await call(t.app, { method: 'GET', url: api(url), token: t.admin });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};
const dashboard = async (q: string) => (await get(`/report/dashboard?${q}`)).data as DashboardData;
const bill = async (registrantId: number, typeId: number, cost: number) => {
  const res = await call(t.app, {
    method: 'POST',
    url: api(`/registrant/payment/${registrantId}`),
    token: t.admin,
    payload: { mst_type_payment_id: typeId, cost, is_submit: true },
  });
  if (res.status !== 201) throw new Error(`bill: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body.data as { id: number }).id;
};

beforeAll(async () => {
  s = await season(t, t.admin);
  const { rows } = await t.ownerPool.query<{ school_year_id: number }>(
    'SELECT school_year_id FROM school_periods WHERE id = $1',
    [s.periodId],
  );
  yearId = rows[0]!.school_year_id;
  before = await dashboard(`school_period_id=${s.periodId}`);

  // A parent's registrant with a paid bill and an open one, who then withdraws.
  const parent = await newParent(t);
  const res = await redeem(t, parent.token, {
    token: await newVoucher(t),
    school_id: s.schoolId,
    school_period_id: s.periodId,
    mst_class_id: s.classId,
  });
  const registrantId = (res.body.data as { id: number }).id;
  const other = await t.ownerPool.query<{ id: number }>(
    'INSERT INTO mst_type_payments (tenant_id, name, code) VALUES ($1, $2, $2) RETURNING id',
    [s.tenantId, `Seragam ${crypto.randomBytes(3).toString('hex')}`],
  );
  const paidBill = await bill(registrantId, s.typeId, withdrawnPaid);
  const approved = await call(t.app, {
    method: 'POST',
    url: api(`/registrant_header_payments/approve_payment/${paidBill}`),
    token: t.admin,
    payload: { method: 'cash', reason: 'Dibayar tunai di sekolah' },
  });
  expect(approved.status).toBe(200);
  await bill(registrantId, other.rows[0]!.id, withdrawnOpen);
  const withdrawn = await call(t.app, {
    method: 'POST',
    url: api(`/registrant/withdraw/${registrantId}`),
    token: parent.token,
    payload: { reason: 'Pindah kota' },
  });
  expect(withdrawn.status).toBe(200);

  // Staff archive the season's registrant whose bill was partly paid: what it owes leaves the figures too.
  const archived = await call(t.app, {
    method: 'DELETE',
    url: api(`/registrant/${s.registrantIds[1]}`),
    token: t.admin,
  });
  expect(archived.status).toBe(200);
});

const BILL_REPORTS: ReportName[] = [
  'payment_report',
  'registrant_payment_report',
  'registrant_payment_report_school',
  'statistic_payment_report',
  'comparison_internal',
  'registrant_payment_per_year',
  'registrant_installment_payment_report',
];

describe('bills of a registrant who withdrew or was archived', () => {
  it('count on the dashboard only when paid in full', async () => {
    const after = await dashboard(`school_period_id=${s.periodId}`);
    const partlyPaid = s.paidTotal - s.amounts.paidInFull;
    expect(after.money).toEqual({
      bills: before.money.bills + 1 - 1,
      billed: before.money.billed + withdrawnPaid - s.amounts.partial,
      paid: before.money.paid + withdrawnPaid - partlyPaid,
      outstanding: before.money.outstanding - (s.amounts.partial - partlyPaid),
      paid_bills: before.money.paid_bills + 1,
      open_bills: before.money.open_bills - 1,
    });
    // Neither is a registrant of the season any more.
    expect(after.funnel[0]!.total).toBe(before.funnel[0]!.total - 1);
  });

  it.each(BILL_REPORTS)('%s agrees with the dashboard', async (name) => {
    const query =
      name === 'registrant_payment_per_year' ? `school_year_id=${yearId}` : `school_period_id=${s.periodId}`;
    const money = (await dashboard(query)).money;
    const { totals } = (await get(`/report/${name}?${query}`)).data as { totals: Record<string, number> };
    const decl = REPORTS[name];
    expect(totals[decl.reconciles]).toBe(money.billed);
    if ('paid' in totals) expect(totals.paid).toBe(money.paid);
    if ('outstanding' in totals) expect(totals.outstanding).toBe(money.outstanding);
    if ('bills' in totals) expect(totals.bills).toBe(money.bills);
  });
});

describe("the bill list behind the dashboard's money cards", () => {
  const list = async (q: Record<string, string | number | undefined>) => {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) if (v !== undefined) qs.set(k, String(v));
    return (await get(`/registrant_header_payments/admin?${qs}`)) as {
      total: number;
      sums: { billed: number; paid: number; outstanding: number };
    };
  };

  it.each([
    ['the active year (no filter)', ''],
    ['a chosen year', 'year'],
    ['a period', 'period'],
    ['a school in a year', 'school'],
  ])('adds up to the cards for %s', async (_, which) => {
    const q =
      which === 'year'
        ? `school_year_id=${yearId}`
        : which === 'period'
          ? `school_period_id=${s.periodId}`
          : which === 'school'
            ? `school_year_id=${yearId}&school_id=${s.schoolId}`
            : '';
    const data = await dashboard(q);
    expect(data.school_year_id).toBe(which === 'period' ? null : yearId);
    // What the cards link to (mfe-master-data dashboard/links.ts): the figures' year, school, period, counted.
    const scope = {
      school_year_id: data.school_year_id ?? undefined,
      school_id: which === 'school' ? s.schoolId : undefined,
      school_period_id: which === 'period' ? s.periodId : undefined,
      counted: 'true',
    };
    const all = await list(scope);
    expect([all.total, all.sums.billed, all.sums.paid]).toEqual([
      data.money.bills,
      data.money.billed,
      data.money.paid,
    ]);
    const open = await list({ ...scope, status: '0' });
    expect([open.total, open.sums.outstanding]).toEqual([data.money.open_bills, data.money.outstanding]);
    const paid = await list({ ...scope, state: 'paid' });
    expect(paid.total).toBe(data.money.paid_bills);
    expect(data.money.bills).toBeGreaterThan(0);
  });

  it('without `counted` still lists the open bills of the registrants who left', async () => {
    const every = await list({ school_period_id: s.periodId, status: '0' });
    const counted = await list({ school_period_id: s.periodId, status: '0', counted: 'true' });
    expect(every.sums.outstanding - counted.sums.outstanding).toBe(
      withdrawnOpen + s.amounts.partial - (s.paidTotal - s.amounts.paidInFull) + s.amounts.draft,
    );
  });

  it('refuses a bad year or flag with a message', async () => {
    for (const q of ['school_year_id=abc', 'counted=ya']) {
      const res = await call(t.app, {
        method: 'GET',
        url: api(`/registrant_header_payments/admin?${q}`),
        token: t.admin,
      });
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
  });
});
