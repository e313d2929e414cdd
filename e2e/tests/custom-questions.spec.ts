import { expect, test } from '@playwright/test';
import { DEMO, loginAsAdmin, loginAsParent } from '../support/accounts';
import { registrantInOwnPeriod } from '../support/own-period';

/**
 * A school adds its own question to the registrant form: staff write it in Daftar Pertanyaan for one
 * registration period, and a parent of that period finds it on a Tambahan tab, with its choices, its help text
 * and its required mark. Everything runs in a period of its own, so the forms of other tests stay as they are.
 */
const run = Date.now().toString(36);
const QUESTION = `Ukuran seragam ${run}?`;
const PERIOD = `Gelombang Tambahan ${run}`;

test('staff add a required question for one period and its parents answer it on the Tambahan tab', async ({
  page,
  request,
}) => {
  test.slow();
  const { parent } = await registrantInOwnPeriod(request, PERIOD);

  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto('/admin/mst_question');
  await page.getByRole('button', { name: /^Tambah/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Pertanyaan', exact: true }).fill(QUESTION);
  await dialog.getByRole('combobox', { name: 'Jenis Jawaban', exact: true }).click();
  await page.getByRole('option', { name: 'Pilihan (satu)', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Pilihan Jawaban', exact: true }).fill('S\nM\nL');
  await dialog
    .getByRole('textbox', { name: 'Keterangan', exact: true })
    .fill('Lihat tabel ukuran di brosur.');
  await dialog.getByLabel('Wajib Diisi').check();
  await dialog.getByRole('combobox', { name: 'Periode Pendaftaran', exact: true }).fill(PERIOD);
  await page.getByRole('option', { name: new RegExp(`^${PERIOD}`) }).click();
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toBeHidden();
  await page.getByTestId('resource-search').fill(run);
  await expect(page.getByTestId('resource-table').getByRole('row', { name: new RegExp(run) })).toBeVisible();

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await loginAsParent(page, parent.email, parent.password);
  await page.getByRole('button', { name: 'Isi Formulir' }).click();
  await page.getByRole('tab', { name: 'Tambahan' }).click();
  const question = page.getByRole('radiogroup', { name: new RegExp(QUESTION.replace('?', '\\?')) });
  await expect(question).toBeVisible();
  await expect(page.getByText('Lihat tabel ukuran di brosur.')).toBeVisible();

  // Required: Selesai on the last page names it until it is answered.
  await page.getByRole('button', { name: 'Selesai' }).click();
  await expect(question.locator('..').getByText('Wajib diisi.')).toBeVisible();
  await question.getByRole('radio', { name: 'M', exact: true }).check();
  await page.getByRole('button', { name: 'Selesai' }).click();
  const done = page.getByRole('dialog', { name: 'Formulir selesai diisi' });
  await expect(done).toBeVisible();
  // The fixed questions are still empty; the answered custom one is no longer listed as missing.
  await expect(done).not.toContainText(QUESTION);

  // Kept on the server: a reload shows the answer.
  await page.reload();
  await page.getByRole('tab', { name: 'Tambahan' }).click();
  await expect(
    page
      .getByRole('radiogroup', { name: new RegExp(QUESTION.replace('?', '\\?')) })
      .getByRole('radio', { name: 'M', exact: true }),
  ).toBeChecked();
});
