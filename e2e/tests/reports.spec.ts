import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO, loginAsAdmin } from '../support/accounts';
import { publishedBill } from '../support/bills';
import { registrantInOwnPeriod } from '../support/own-period';
import { chooseOption } from '../support/select';
import { openFromSidebar } from '../support/sidebar';

/**
 * Laporan: staff read the admission season on the dashboard and click a number through to the list behind it;
 * they open a report, narrow it to one payment type, download it as Excel, and the file adds up to the total
 * on screen.
 */
const run = Date.now().toString(36);

test('the dashboard counts a period and each number opens the list that makes it up', async ({
  page,
  request,
}) => {
  test.slow();
  const { staffToken, registrantId, periodId, registrationNumber } = await registrantInOwnPeriod(
    request,
    `Gelombang Dasbor ${run}`,
  );
  const { billId, headers } = await publishedBill(request, staffToken, registrantId, {
    cost: 400_000,
    typeName: `Dasbor ${run}`,
  });
  const paid = await request.post(`/api/v1/registrant_header_payments/approve_payment/${billId}`, {
    headers,
    data: { method: 'cash', reason: 'Dibayar tunai di loket' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);

  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await expect(page.getByTestId('dashboard-money')).toBeVisible({ timeout: 30_000 });
  await page.goto(`/admin/dashboard?school_period_id=${periodId}`);
  // The first visit loads the charts and the pickers: give a busy machine time.
  await expect(page.getByTestId('dashboard-money')).toContainText('Rp. 400.000', { timeout: 30_000 });
  // The charts draw (recharts' SVG with its bars), not only their cards, once their place is scrolled to.
  await page.getByTestId('dashboard-charts-area').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('dashboard-charts').locator('.recharts-bar-rectangle').first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId(`funnel-paid-${periodId}`)).toHaveText('1');
  const total = page.getByTestId(`funnel-total-${periodId}`);
  await expect(total).toHaveText('1');
  await total.click();
  await expect(page).toHaveURL(new RegExp(`/admin/registrant\\?.*school_period_id=${periodId}`));
  await expect(page.getByRole('row', { name: new RegExp(registrationNumber) })).toBeVisible({
    timeout: 30_000,
  });
});

test('a report filtered to one payment type downloads as Excel with the same total', async ({
  page,
  request,
}) => {
  test.slow();
  const typeName = `Laporan ${run}`;
  const first = await registrantInOwnPeriod(request, `Gelombang Laporan A ${run}`);
  const { typeId, headers } = await publishedBill(request, first.staffToken, first.registrantId, {
    cost: 1_250_000,
    typeName,
  });
  const second = await registrantInOwnPeriod(request, `Gelombang Laporan B ${run}`);
  const bill = await request.post(`/api/v1/registrant/payment/${second.registrantId}`, {
    headers,
    data: { mst_type_payment_id: typeId, cost: 750_500, is_submit: true },
  });
  expect(bill.ok(), await bill.text()).toBe(true);

  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await openFromSidebar(page, 'Pembayaran Calon Murid');
  const report = page.getByTestId('report-registrant_payment_report');
  await expect(report).toBeVisible({ timeout: 30_000 });
  // The picker searches the server: typing the name leaves one option.
  await page.getByRole('combobox', { name: 'Tipe Pembayaran' }).fill(typeName);
  await chooseOption(page, /Tipe Pembayaran/, typeName);
  await expect(page).toHaveURL(new RegExp(`mst_type_payment_id=${typeId}`));
  await expect(page.getByTestId('report-summary')).toContainText('2 baris');
  await expect(page.getByTestId('report-total-billed')).toHaveText('Rp. 2.000.500');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('report-export-xlsx').click(),
  ]);
  expect(download.suggestedFilename()).toBe('Laporan Pembayaran Calon Murid.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const sheet = wb.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const col = header.indexOf('Total Tagihan') + 1;
  let sum = 0;
  for (let i = 2; i <= sheet.rowCount; i++) sum += Number(sheet.getRow(i).getCell(col).value);
  expect(sheet.rowCount).toBe(3);
  expect(sum).toBe(2_000_500);
});
