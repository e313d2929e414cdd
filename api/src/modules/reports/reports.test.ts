import { REPORTS, type ReportName } from '@psb/contracts';
import ExcelJS from 'exceljs';
import { appPerFile } from '../../../test/app-per-file';
import { api, call } from '../../../test/helpers';
import { type Season, season } from '../../../test/season';
import { flags } from '../../../test/staff';
import { createMidtransSimulator } from '../../integrations/midtrans';

jest.setTimeout(120_000);

const sim = createMidtransSimulator({ timeScale: 0.0001, sweepMs: 0 });
const t = appPerFile({ midtransSimulator: sim, beforeClose: () => sim.idle() });
let s: Season;

beforeAll(async () => {
  s = await season(t, t.admin, sim.serverKey);
  await sim.idle();
});

interface ReportBody {
  rows: Record<string, string | number | null>[];
  totals: Record<string, number>;
  row_count: number;
  truncated: boolean;
}
const report = async (name: string, query: Record<string, string | number>, token = t.admin) => {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await call(t.app, { method: 'GET', url: api(`/report/${name}?${qs}`), token });
  return { status: res.status, body: res.body, data: res.body.data as ReportBody };
};
const sum = (rows: Record<string, unknown>[], key: string) =>
  rows.reduce((a, r) => a + Number(r[key] ?? 0), 0);

/** Each bill report, filtered to the season's payment type, reconciles with the bills made through the api. */
const BILL_REPORTS: ReportName[] = [
  'payment_report',
  'registrant_payment_report',
  'registrant_payment_report_school',
  'statistic_payment_report',
  'comparison_internal',
  'registrant_payment_per_year',
  'registrant_installment_payment_report',
];

describe('reports reconcile with the bills they cover', () => {
  it.each(BILL_REPORTS)('%s: total = sum of the published bills, paid = what was paid', async (name) => {
    const r = await report(name, { mst_type_payment_id: s.typeId });
    expect(r.status).toBe(200);
    const decl = REPORTS[name];
    expect(r.data.totals[decl.reconciles]).toBe(s.billedTotal);
    // The total row is the sum of the rows shown (nothing hidden, nothing counted twice).
    expect(sum(r.data.rows, decl.reconciles)).toBe(s.billedTotal);
    if ('paid' in r.data.totals) expect(r.data.totals.paid).toBe(s.paidTotal);
    if ('outstanding' in r.data.totals) expect(r.data.totals.outstanding).toBe(s.billedTotal - s.paidTotal);
  });

  it('leaves drafts out and narrows by state', async () => {
    const paidOnly = await report('registrant_payment_report', {
      mst_type_payment_id: s.typeId,
      state: 'paid',
    });
    expect(paidOnly.data.rows).toHaveLength(1);
    expect(paidOnly.data.totals.billed).toBe(s.amounts.paidInFull);
    const stats = await report('statistic_payment_report', { mst_type_payment_id: s.typeId });
    expect(stats.data.rows.map((x) => [x.state_label, x.bills])).toEqual([
      ['Lunas', 1],
      ['Dibayar sebagian', 1],
      ['Belum dibayar', 2],
    ]);
  });

  it('counts internal and external registrants apart', async () => {
    const r = await report('comparison_internal', { mst_type_payment_id: s.typeId });
    const internal = r.data.rows.find((x) => x.origin === 'Internal');
    expect(internal?.billed).toBe(s.amounts.internal);
    expect(internal?.registrants).toBe(1);
  });

  it('item report: paid orders only, the sum of their lines', async () => {
    const r = await report('item_report', {});
    expect(r.status).toBe(200);
    expect(r.data.totals.amount).toBe(s.paidOrderTotal);
    expect(sum(r.data.rows, 'amount')).toBe(s.paidOrderTotal);
  });

  it('exports every row with the fixed file name, and the file total matches the screen', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: api(`/report/registrant_payment_report/export?mst_type_payment_id=${s.typeId}&format=xlsx`),
      headers: { authorization: `Bearer ${t.admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="Laporan Pembayaran Calon Murid.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(new Uint8Array(res.rawPayload).buffer);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(REPORTS.registrant_payment_report.columns.map((c) => c.label));
    const billedCol = header.indexOf('Total Tagihan') + 1;
    let total = 0;
    for (let i = 2; i <= sheet.rowCount; i++) total += Number(sheet.getRow(i).getCell(billedCol).value);
    expect(sheet.rowCount - 1).toBe(4);
    expect(total).toBe(s.billedTotal);
  });

  it('refuses unknown filters, other formats and bad values with Indonesian messages', async () => {
    const unknown = await report('payment_report', { mst_item_id: 1 });
    expect(unknown.status).toBe(400);
    const badDate = await report('payment_report', { date_from: '23-11-2026' });
    expect(badDate.status).toBe(400);
    expect(JSON.stringify(badDate.body)).toContain('Tanggal harus berformat');
    const txt = await call(t.app, {
      method: 'GET',
      url: api('/report/payment_report/export?format=txt'),
      token: t.admin,
    });
    expect(txt.status).toBe(400);
    expect(txt.body.message).toContain('hanya dapat diunduh sebagai xlsx');
  });
});

describe('report access', () => {
  it('needs read on Laporan', async () => {
    const none = await t.staff([flags('Laporan')]);
    expect((await report('payment_report', {}, none)).status).toBe(403);
    const reader = await t.staff([flags('Laporan', 'read')]);
    expect((await report('payment_report', { mst_type_payment_id: s.typeId }, reader)).status).toBe(200);
  });

  it("shows a school-limited role only its schools' bills", async () => {
    const other = await t.staff([flags('Laporan', 'read')], [s.otherSchoolId]);
    const r = await report('registrant_payment_report', { mst_type_payment_id: s.typeId }, other);
    expect(r.status).toBe(200);
    expect(r.data.rows).toEqual([]);
    expect(r.data.totals.billed).toBe(0);
    const own = await t.staff([flags('Laporan', 'read')], [s.schoolId]);
    expect(
      (await report('registrant_payment_report', { mst_type_payment_id: s.typeId }, own)).data.totals.billed,
    ).toBe(s.billedTotal);
  });
});

describe('installment report', () => {
  it('names the channel an installment was paid through (Mandiri Bill Payment), not a generic "Virtual Account"', async () => {
    // The paid installment of the season, recorded as paid through a Mandiri bill charge at the provider.
    const { rows } = await t.ownerPool.query<{ id: number; header_id: number; amount: number }>(
      `SELECT i.id, i.header_id, i.amount::int AS amount FROM registrant_installment_payments i
       JOIN registrant_header_payments h ON h.tenant_id = i.tenant_id AND h.id = i.header_id
       WHERE h.mst_type_payment_id = $1 AND i.paid_at IS NOT NULL ORDER BY i.id LIMIT 1`,
      [s.typeId],
    );
    const paid = rows[0]!;
    const charge = await t.ownerPool.query<{ id: number }>(
      `INSERT INTO payment_charges (tenant_id, order_id, purpose, installment_id, header_id, channel, amount, status,
         settled_at)
       VALUES ($1, $2, 'installment', $3, $4, 'mandiri', $5, 'settlement', now()) RETURNING id`,
      [s.tenantId, `UJI-MANDIRI-${paid.id}`, paid.id, paid.header_id, paid.amount],
    );
    await t.ownerPool.query(
      "UPDATE registrant_installment_payments SET paid_via = 'provider', paid_charge_id = $2 WHERE id = $1",
      [paid.id, charge.rows[0]!.id],
    );
    const r = await report('registrant_installment_payment_report', { mst_type_payment_id: s.typeId });
    expect(r.status).toBe(200);
    const via = r.data.rows.map((x) => x.paid_via);
    expect(via).toContain('Mandiri Bill Payment');
    expect(via).not.toContain('Virtual Account / QRIS');
  });
});
