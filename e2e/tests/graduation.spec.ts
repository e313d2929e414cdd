import { expect, test } from '@playwright/test';
import { sampleAnswers } from '@psb/contracts';
import { DEMO, loginAsAdmin, loginAsParent } from '../support/accounts';
import { registrantInOwnPeriod } from '../support/own-period';

/**
 * Staff publish a verified registrant's result from the Kelulusan screen (choosing "Diterima" and confirming
 * once more); the parent, who saw no result before, then sees it on the registrant page and downloads the
 * graduation letter as a PDF.
 */
const run = Date.now().toString(36);

test('staff publish an accepted result and the parent sees it and downloads the letter', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  // --- A verified registrant of its own period (the form and verification are covered elsewhere) ---------
  const r = await registrantInOwnPeriod(request, `Gelombang Lulus ${run}`);
  const login = await (
    await request.post('/api/v1/public/login', {
      data: { username: r.parent.email, password: r.parent.password },
    })
  ).json();
  const parentAuth = { Authorization: `Bearer ${login.token}` };
  const staffAuth = { Authorization: `Bearer ${r.staffToken}` };
  const name = `Ananda Lulus ${run}`;
  expect(
    (
      await request.post('/api/v1/registrant_answer', {
        headers: parentAuth,
        data: { registrant_id: r.registrantId, data: { ...sampleAnswers(), '1': name } },
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await request.post(`/api/v1/registrant/submit/${r.registrantId}`, { headers: parentAuth, data: {} })
    ).status(),
  ).toBe(200);
  expect(
    (
      await request.put(`/api/v1/registrant/verify/${r.registrantId}`, { headers: staffAuth, data: {} })
    ).status(),
  ).toBe(200);

  // --- Before publication the parent sees no result ----------------------------------------------------------
  const parentPage = await (await browser.newContext()).newPage();
  await loginAsParent(parentPage, r.parent.email, r.parent.password);
  await parentPage.getByTestId('registrant-card').getByRole('button', { name: 'Detail' }).click();
  await expect(parentPage).toHaveURL(/\/registrant$/);
  await expect(parentPage.getByTestId('registrant-status')).toHaveText('Terverifikasi');
  await expect(parentPage.getByTestId('graduation-panel')).toHaveCount(0);

  // --- Staff publish "Diterima" -----------------------------------------------------------------------------
  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto(`/admin/registrant/graduation?school_period_id=${r.periodId}`);
  // The first visit to the tests remote: wait as an action does (up to the test's time), not an assertion's.
  await page.getByTestId('graduation-page').waitFor();
  // A pasted registration number filters at once, without Enter (as on the registrant list).
  await page.getByTestId('graduation-search').fill(r.registrationNumber);
  await expect(page).toHaveURL(new RegExp(`search=${r.registrationNumber}`));
  await expect(page.locator('tbody tr')).toHaveCount(1);
  const row = page.getByRole('row').filter({ hasText: r.registrationNumber });
  await expect(row).toContainText('Terverifikasi');
  await row.getByRole('button', { name: 'Tetapkan Hasil' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Status penerimaan' }).click();
  await page.getByRole('option', { name: 'Diterima', exact: true }).click();
  await dialog.getByRole('textbox', { name: /Catatan untuk orang tua/ }).fill('Selamat bergabung.');
  await dialog.getByRole('button', { name: 'Umumkan' }).click();
  await expect(dialog).toContainText('tidak dapat ditarik kembali');
  await dialog.getByRole('button', { name: 'Ya, Umumkan' }).click();
  await expect(page.getByText('Hasil seleksi berhasil diumumkan.')).toBeVisible();
  await expect(row).toContainText('Diterima');
  await expect(row).not.toContainText('Belum');

  // --- The parent sees it and downloads the letter ------------------------------------------------------------
  await parentPage.reload();
  const panel = parentPage.getByTestId('graduation-panel');
  await expect(panel.getByTestId('graduation-result')).toHaveText('Diterima');
  await expect(panel).toContainText('Selamat bergabung.');
  await expect(parentPage.getByTestId('registrant-status')).toHaveText('Diterima');
  const download = parentPage.waitForEvent('download');
  await panel.getByRole('button', { name: 'Unduh Surat Kelulusan' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`Surat Kelulusan ${r.registrationNumber}.pdf`);
  const bytes = await (await import('node:fs/promises')).readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});
