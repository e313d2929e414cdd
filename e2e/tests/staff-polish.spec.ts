import { expect, type Page, test } from '@playwright/test';
import { DEMO, loginAsAdmin } from '../support/accounts';

/** Badges of the page's table whose label is cut (a cut label is wider inside than its box). */
const cutBadges = (page: Page) =>
  page
    .locator('table .mantine-Badge-label')
    .evaluateAll((labels) => labels.filter((l) => l.scrollWidth > l.clientWidth + 1).length);

test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
});

test('Escape in an open date picker closes the calendar only: the Tambah Data Tes dialog keeps what was typed', async ({
  page,
}) => {
  await page.goto('/admin/mst_test_detail');
  await page.getByRole('button', { name: 'Tambah Data Tes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tambah Data Tes' });
  await dialog.getByRole('textbox', { name: /Nama Sesi/ }).fill('Sesi Escape');
  const date = dialog.getByRole('textbox', { name: /Tanggal Tes/ });
  await date.click();
  await expect(page.locator('.mantine-DateInput-dropdown, [data-dates-dropdown]').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /Nama Sesi/ })).toHaveValue('Sesi Escape');
  // With the calendar closed and the focus elsewhere, Escape closes the dialog as usual.
  await dialog.getByRole('textbox', { name: /Nama Sesi/ }).click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('dashboard: the first press on Sekolah lists the schools, and Ringkasan Data follows the chosen school', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByTestId('dashboard-counts')).toBeVisible();
  const allClasses = Number(
    ((await page.getByTestId('count-mst_class').textContent()) ?? '').replace(/\./g, ''),
  );
  await page.getByTestId('admission-summary').getByLabel('Sekolah', { exact: true }).click();
  await expect(page.getByRole('option', { name: 'SD Harapan Bangsa' })).toBeVisible();
  await page.getByRole('option', { name: 'SD Harapan Bangsa' }).click();
  await expect(page).toHaveURL(/school_id=\d+/);
  await expect
    .poll(async () =>
      Number(((await page.getByTestId('count-mst_class').textContent()) ?? '').replace(/\./g, '')),
    )
    .toBeLessThan(allClasses);
  await expect(page.getByTestId('dashboard-counts')).toContainText('Seluruh yayasan');
  await page.screenshot({ path: 'test-results/staff-polish-dashboard-1440.png', fullPage: true });
});

test('at 1440 px nothing is cut: status badges, the channels of Pembayaran per Periode, report charts', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/admin/registrant');
  await expect(page.getByTestId('status-badge').first()).toBeVisible();
  expect(await cutBadges(page)).toBe(0);
  await page.screenshot({ path: 'test-results/staff-polish-registrants-1440.png' });

  await page.goto('/admin/school_payment');
  await expect(page.getByRole('columnheader', { name: 'Kanal' })).toBeVisible();
  await expect(page.getByText('Mandiri Bill Payment').first()).toBeVisible();
  expect(await cutBadges(page)).toBe(0);
  await page.screenshot({ path: 'test-results/staff-polish-school-payment-1440.png' });

  // The charts are drawn from the rows on screen (none when the run made no bills yet): looked at by eye.
  await page.goto('/admin/report/statistic_payment_report');
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: 'test-results/staff-polish-statistik-1440.png', fullPage: true });
  await page.goto('/admin/report/payment_report');
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: 'test-results/staff-polish-payment-report-1440.png', fullPage: true });
});
