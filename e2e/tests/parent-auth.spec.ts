import { expect, test } from '@playwright/test';
import { newParent } from '../support/accounts';

test('a parent registers through the modal, is signed in at once on /home and logs out to /', async ({
  page,
}) => {
  const parent = newParent();
  await page.goto('/');
  await page.getByRole('button', { name: 'Daftar' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nama').fill(parent.name);
  await dialog.getByLabel('Email', { exact: true }).fill('bukan-email');
  await dialog.getByLabel('No. HP').fill(parent.phone);
  await dialog.getByLabel('Kata Sandi', { exact: true }).fill(parent.password);
  await dialog.getByRole('button', { name: 'Daftar' }).click();
  await expect(dialog.getByText('Email tidak valid.')).toBeVisible();

  await dialog.getByLabel('Email', { exact: true }).fill(parent.email);
  await dialog.getByRole('button', { name: 'Daftar' }).click();
  await expect(page.getByText('Pendaftaran berhasil', { exact: false })).toBeVisible();
  // The registration's answer is the session: no second sign-in.
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText(`Selamat datang, ${parent.name}`)).toBeVisible();
  await expect(page.getByText('Belum ada calon murid terdaftar')).toBeVisible();

  await page.getByRole('button', { name: parent.name }).click();
  await page.getByRole('menuitem', { name: 'Keluar' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The session is gone: the parent area now refuses.
  await page.goto('/home');
  await expect(page).toHaveURL(/\/404\?source_uri=.*request_uri=%2Fhome/);
});

test('a wrong password shows the server message and keeps the visitor on /', async ({ page }) => {
  await page.goto('/?modal=login');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email / No. HP').fill('orangtua@demo.sch.id');
  await dialog.getByLabel('Kata Sandi', { exact: true }).fill('salah-sekali');
  await dialog.getByLabel('Kata Sandi', { exact: true }).press('Enter');
  await expect(page.getByText('Email/No. HP atau kata sandi salah.')).toBeVisible();
  await expect(page).not.toHaveURL(/\/home/);
});

test('the login modal checks the username and password rules before calling the server', async ({ page }) => {
  await page.goto('/?modal=login');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email / No. HP').fill('bukan nomor');
  await dialog.getByLabel('Kata Sandi', { exact: true }).fill('123');
  await dialog.getByLabel('Kata Sandi', { exact: true }).press('Enter');
  await expect(dialog.getByText('Masukkan Email/ No. HP yang sudah terdaftar.')).toBeVisible();
  await expect(dialog.getByText('Kata sandi minimal 6 karakter.')).toBeVisible();
});
