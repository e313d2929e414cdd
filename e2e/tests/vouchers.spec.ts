import { expect, test } from '@playwright/test';
import { DEMO, loginAsAdmin } from '../support/accounts';

test('a superadmin generates vouchers for a school year, finds them and a parent can use one', async ({
  page,
  request,
}) => {
  const note = `Batch uji ${Date.now()}`;
  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.getByTestId('admin-sidebar').getByRole('link', { name: 'Voucher', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Data Voucher' })).toBeVisible();

  await page.getByRole('button', { name: 'Buat Voucher' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buat Voucher' });
  const count = dialog.getByLabel(/^Jumlah voucher/);
  await count.fill('0');
  await dialog.getByRole('button', { name: 'Buat' }).click();
  await expect(dialog.getByText('Jumlah voucher antara 1 dan 1000.')).toBeVisible();
  await expect(dialog.getByText('Pilih tahun ajaran.')).toBeVisible();

  await count.fill('3');
  await dialog.getByRole('combobox', { name: 'Tahun Ajaran', exact: true }).fill('2027');
  await page.getByRole('option', { name: /^2027\/2028/ }).click();
  await dialog.getByLabel('Catatan').fill(note);
  await dialog.getByRole('button', { name: 'Buat' }).click();
  await expect(page.getByText('3 voucher berhasil dibuat.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByPlaceholder('Cari…').fill(note);
  const rows = page.getByTestId('resource-table').locator('tbody tr');
  await expect(rows).toHaveCount(3);
  const code = ((await rows.first().locator('td').first().textContent()) ?? '').trim();
  expect(code).toMatch(/^[A-Z2-9]{10}$/);

  // The new code works for a parent: the public lookup offers the schools of its year.
  const schools = await request.get(`/api/v1/public/school?token=${code}`);
  expect((await schools.json()).data.length).toBeGreaterThan(0);
});
