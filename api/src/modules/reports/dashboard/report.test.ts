import type { DashboardData } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { call } from '../../../../test/helpers';
import { type Season, season } from '../../../../test/season';
import { flags } from '../../../../test/staff';

jest.setTimeout(120_000);

const t = appPerFile();
let s: Season;

beforeAll(async () => {
  s = await season(t, t.admin);
});

const dashboard = async (query: string, token = t.admin) => {
  const res = await call(t.app, { method: 'GET', url: `/api/v1/report/dashboard?${query}`, token });
  return { status: res.status, body: res.body, data: res.body.data as DashboardData };
};

describe('GET /report/dashboard', () => {
  it('counts the funnel, the money, the days and the places of a period', async () => {
    const { status, data } = await dashboard(`school_period_id=${s.periodId}`);
    expect(status).toBe(200);
    expect(data.funnel).toHaveLength(1);
    const f = data.funnel[0]!;
    expect(f).toMatchObject({
      school_id: s.schoolId,
      school_period_id: s.periodId,
      total: 5,
      paid: 1,
      tested: 0,
    });
    expect(f.statuses.draft).toBe(5);
    // Published bills only (the draft is not billed): the same figures as the payment reports.
    expect(data.money).toEqual({
      bills: 4,
      billed: s.billedTotal,
      paid: s.paidTotal,
      outstanding: s.billedTotal - s.paidTotal,
      paid_bills: 1,
      open_bills: 3,
    });
    const today = data.daily.at(-1)!;
    expect(today.registrations).toBe(5);
    expect(today.payments).toBe(2);
    expect(today.paid_amount).toBe(s.paidTotal);
    expect(data.places).toEqual([
      expect.objectContaining({ mst_class_id: s.classId, quota: 20, taken: 5, left: 15 }),
    ]);
  });

  it("shows a school-limited role only its schools' figures (row-level security)", async () => {
    const other = await t.staff([flags('Laporan', 'read')], [s.otherSchoolId]);
    const theirs = await dashboard(`school_period_id=${s.periodId}`, other);
    expect(theirs.status).toBe(200);
    expect(theirs.data.funnel).toEqual([]);
    expect(theirs.data.money.billed).toBe(0);
    expect(theirs.data.places).toEqual([]);
    expect(theirs.data.daily.reduce((a, d) => a + d.registrations, 0)).toBe(0);
    const own = await t.staff([flags('Laporan', 'read')], [s.schoolId]);
    const mine = await dashboard(`school_period_id=${s.periodId}`, own);
    expect(mine.data.funnel[0]?.total).toBe(5);
    expect(mine.data.money.billed).toBe(s.billedTotal);
  });

  it('needs read on Laporan and refuses bad filters', async () => {
    const none = await t.staff([flags('Laporan')]);
    expect((await dashboard('', none)).status).toBe(403);
    const bad = await dashboard('school_period_id=abc');
    expect(bad.status).toBe(400);
    expect((await dashboard('period=1')).status).toBe(400);
  });

  it('defaults to the active school year', async () => {
    const { status, data } = await dashboard('');
    expect(status).toBe(200);
    expect(data.funnel.some((f) => f.school_period_id === s.periodId)).toBe(true);
  });
});
