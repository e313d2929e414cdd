import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO, loginAsAdmin } from '../support/accounts';
import { registrantInOwnPeriod } from '../support/own-period';

/**
 * The legger round trip as staff do it: download the template of a period, fill in a score, have the file
 * checked (a wrong score is named by row and column, nothing saved), correct it, save, and find the score in
 * the exported legger.
 */
const PERIOD = `Gelombang Legger ${Date.now().toString(36)}`;

async function readSheet(path: string) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  return book.worksheets[0]!;
}

test('template → fill → check → save → export', async ({ page, request }, testInfo) => {
  test.slow();
  const own = await registrantInOwnPeriod(request, PERIOD);

  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.getByTestId('admin-sidebar').getByRole('link', { name: 'Legger Murid', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Legger Murid' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Periode Pendaftaran' }).fill(PERIOD);
  await page.getByRole('option', { name: new RegExp(`^${PERIOD}`) }).click();

  const templateDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Unduh Templat' }).click();
  const template = await templateDownload;
  expect(template.suggestedFilename()).toBe('Templat Legger.xlsx');
  const ws = await readSheet(await template.path());
  expect(ws.getCell(2, 1).value).toBe(own.registrationNumber);
  const col = (ws.getRow(1).values as unknown[]).indexOf('Matematika');
  expect(col).toBeGreaterThan(2);

  // A score out of range first: named by row and column, nothing saved.
  ws.getCell(2, col).value = 120;
  const wrong = testInfo.outputPath('legger-salah.xlsx');
  await ws.workbook.xlsx.writeFile(wrong);
  await page.locator('input[type="file"]').setInputFiles(wrong);
  await page.getByRole('button', { name: 'Periksa' }).click();
  const problems = page.getByTestId('legger-problems');
  await expect(problems).toContainText('Matematika');
  await expect(problems).toContainText('Nilai harus angka 0–100');
  await expect(page.getByRole('button', { name: 'Simpan Nilai' })).toBeDisabled();

  ws.getCell(2, col).value = 88.5;
  const right = testInfo.outputPath('legger.xlsx');
  await ws.workbook.xlsx.writeFile(right);
  await page.locator('input[type="file"]').setInputFiles(right);
  await page.getByRole('button', { name: 'Periksa' }).click();
  await expect(page.getByTestId('legger-valid')).toContainText('1 baris siap disimpan');
  await page.getByRole('button', { name: 'Simpan Nilai' }).click();
  await expect(page.getByText('nilai 1 calon murid diperbarui').last()).toBeVisible();

  const exportDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Ekspor Legger' }).click();
  const exported = await exportDownload;
  expect(exported.suggestedFilename()).toBe('Legger Murid.xlsx');
  expect((await readSheet(await exported.path())).getCell(2, col).value).toBe(88.5);
});
