import { expect, test } from '@playwright/test';
import { bearer, DEMO, freshVoucher, loginAsAdmin, newParentWithRegistrant } from '../support/accounts';
import { chooseOption } from '../support/select';

test('staff bill one registrant from its detail page; a class move offers only the classes of its own school', async ({
  page,
  request,
}) => {
  test.slow();
  const parent = await newParentWithRegistrant(request, await freshVoucher(request));
  const auth = await bearer(request, parent.email, parent.password, 'user');
  const mine = (await (await request.get('/api/v1/registrants', { headers: auth })).json()).data[0] as {
    id: number;
    registration_number: string;
  };

  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto(`/admin/registrant/detail?id=${mine.id}`);
  await expect(page.getByTestId('registrant-detail')).toBeVisible();

  // --- Pindah Kelas: the registrant is at SD Harapan Bangsa, so no SMP class (Kelas 7–9) is offered --------------
  await page.getByRole('button', { name: 'Pindah Kelas' }).click();
  const move = page.getByRole('dialog', { name: 'Pindah kelas' });
  await move.getByRole('combobox', { name: /Kelas tujuan/ }).click();
  await expect(page.getByRole('option', { name: /Kelas 2/ }).first()).toBeVisible();
  await expect(page.getByRole('option', { name: /Kelas 7/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await move.getByRole('button', { name: 'Batal' }).click();
  await expect(move).toBeHidden();

  // --- Buat Tagihan: the bills route the bills screen uses, here for this one registrant ------------------------
  await page.getByTestId('bill-registrant').click();
  const dialog = page.getByRole('dialog', { name: 'Buat Tagihan' });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('bill-registrant-submit').click();
  await expect(dialog.getByText('Pilih jenis pembayaran.')).toBeVisible();
  await chooseOption(page, /^Jenis Pembayaran/, 'Seragam');
  await dialog.getByRole('textbox', { name: /Biaya/ }).fill('275000');
  await dialog.getByTestId('bill-registrant-submit').click();
  await expect(page.getByText(/Tagihan untuk .* dibuat\./)).toBeVisible();
  await expect(dialog).toBeHidden();

  // The parent sees the published bill of that amount.
  const bills = await (await request.get(`/api/v1/registrant_payment/${mine.id}`, { headers: auth })).json();
  expect(JSON.stringify(bills)).toContain('275000');

  // A second bill of the same type is refused with the server's own words.
  await page.getByTestId('bill-registrant').click();
  await chooseOption(page, /^Jenis Pembayaran/, 'Seragam');
  await dialog.getByTestId('bill-registrant-submit').click();
  await expect(
    page.getByText('Calon murid ini sudah memiliki tagihan untuk jenis pembayaran tersebut.'),
  ).toBeVisible();
});
