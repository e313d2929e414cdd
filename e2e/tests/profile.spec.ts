import { expect, test } from '@playwright/test';
import { loginAsParent, newParent } from '../support/accounts';

test('a parent edits the profile and changes the password, then signs in with the new one', async ({
  page,
  request,
}) => {
  const parent = newParent();
  const registered = await request.post('/api/v1/public/register', {
    data: { name: parent.name, email: parent.email, phone_number: parent.phone, password: parent.password },
  });
  expect(registered.status()).toBe(201);
  await loginAsParent(page, parent.email, parent.password);

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Profil' }).click();
  await expect(page).toHaveURL(/\/profile/);
  const name = page.getByLabel('Nama');
  await expect(name).toHaveValue(parent.name);
  await name.fill('');
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Nama tidak boleh kosong.')).toBeVisible();
  await name.fill(`${parent.name} Baru`);
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Profil berhasil disimpan.')).toBeVisible();
  // The navbar follows the new name without a reload.
  await expect(page.getByTestId('user-menu')).toHaveText(`${parent.name} Baru`);

  await page.getByLabel('Kata sandi lama').fill('password-salah');
  await page.getByLabel('Kata sandi baru', { exact: true }).fill('rahasiaBaru9');
  await page.getByLabel('Konfirmasi kata sandi baru').fill('rahasiaBaru9');
  await page.getByRole('button', { name: 'Ubah Kata Sandi' }).click();
  await expect(page.getByText('Gagal')).toBeVisible();

  await page.getByLabel('Kata sandi lama').fill(parent.password);
  await page.getByRole('button', { name: 'Ubah Kata Sandi' }).click();
  await expect(page.getByText('Kata sandi berhasil diubah.')).toBeVisible();
  // The session goes on with the fresh token: the profile still loads after a reload.
  await page.reload();
  await expect(page.getByLabel('Nama')).toHaveValue(`${parent.name} Baru`);

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Keluar' }).click();
  await expect(page).toHaveURL(/\/$/);
  const oldLogin = await request.post('/api/v1/public/login', {
    data: { username: parent.email, password: parent.password },
  });
  expect(oldLogin.status()).toBe(401);
  await loginAsParent(page, parent.email, 'rahasiaBaru9');
});
