import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO, loginAsAdmin, newParent } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { pdfLines } from '../support/pdf';
import { chooseOption } from '../support/select';

/** The value printed under a label of the slip. */
const under = (lines: string[], label: string) => lines[lines.indexOf(label) + 1];

test('staff register a walk-in parent, print the login slip; the parent signs in with it, changes the password and sees the registrant', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const period = (await (await request.get('/api/v1/public/school_period')).json()).data.find(
    (p: { is_open: boolean }) => p.is_open,
  ) as { id: number; name: string; school_name: string };
  const parent = newParent();
  const child = `Ananda Walk-in ${parent.phone.slice(-4)}`;

  // --- Staff open the form from the registrant list ---------------------------------------------------------
  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto('/admin/registrant');
  await page.getByRole('link', { name: 'Daftarkan Pendaftar' }).click();
  await expect(page).toHaveURL(/\/admin\/registrant\/assisted/);
  const form = page.getByTestId('assisted-page');

  // Indonesian messages before anything is sent.
  await form.getByRole('button', { name: 'Daftarkan' }).click();
  await expect(form.getByText('Nama calon murid wajib diisi.')).toBeVisible();
  await expect(form.getByText('Isi Email atau No. HP (salah satu wajib diisi).').first()).toBeVisible();

  await form.getByLabel('Nama orang tua').fill(parent.name);
  await form.getByLabel('Email').fill(parent.email);
  await form.getByLabel('Nama calon murid').fill(child);
  await chooseOption(page, /^Sekolah/, period.school_name);
  await chooseOption(page, /^Periode pendaftaran/, period.name);
  await chooseOption(page, /^Kelas/, /sisa [1-9]/);
  await expectAccessible(page, '/admin/registrant/assisted', ['main']);
  await form.getByRole('button', { name: 'Daftarkan' }).click();

  // --- The result: a new account with a temporary password, shown once ---------------------------------------
  const result = page.getByTestId('assisted-result');
  await expect(result).toContainText('Akun orang tua baru dibuat');
  await expect(result).toContainText(child);
  const shownPassword = (await result.getByTestId('assisted-password').textContent())!.trim();
  expect(shownPassword).toMatch(/^[A-Za-z0-9]{10}$/);

  const download = page.waitForEvent('download');
  await result.getByRole('button', { name: 'Cetak Slip Login' }).click();
  const file = await (await download).path();
  const pdf = fs.readFileSync(file!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const lines = pdfLines(pdf);
  const number = under(lines, 'Nomor pendaftaran')!;
  expect(number).toMatch(/^PSB-\d{4}-[A-Z0-9]+-\d{5}$/);
  expect(under(lines, 'Nama calon murid')).toBe(child);
  const username = under(lines, 'Username (Email / No. HP)')!;
  const password = under(lines, 'Kata sandi')!;
  expect(username).toBe(parent.email);
  expect(password).toBe(shownPassword);
  expect(lines.some((l) => l.includes('/?modal=login'))).toBe(true);

  // The detail of the new registrant is one click away.
  await result.getByRole('link', { name: 'Lihat detail calon murid' }).click();
  await expect(page.getByTestId('detail-registration-number')).toHaveText(number);

  // --- The parent signs in with what the slip says ------------------------------------------------------------
  const parentPage = await (await browser.newContext()).newPage();
  await parentPage.goto('/?modal=login');
  const dialog = parentPage.getByRole('dialog');
  await dialog.getByLabel('Email / No. HP').fill(username);
  await dialog.getByLabel('Kata Sandi', { exact: true }).fill(password);
  await dialog.getByLabel('Kata Sandi', { exact: true }).press('Enter');
  await expect(parentPage).toHaveURL(/\/profile\?ganti_password=1/);
  await expect(parentPage.getByTestId('must-change-password')).toBeVisible();
  await parentPage.getByLabel('Kata sandi lama').fill(password);
  await parentPage.getByLabel('Kata sandi baru', { exact: true }).fill(parent.password);
  await parentPage.getByLabel('Konfirmasi kata sandi baru').fill(parent.password);
  await parentPage.getByRole('button', { name: 'Ubah Kata Sandi' }).click();
  await expect(parentPage.getByText('Kata sandi berhasil diubah', { exact: false })).toBeVisible();

  await parentPage.goto('/home');
  const card = parentPage.getByTestId('registrant-card');
  await expect(card).toContainText(number);
  await expect(card).toContainText(child);

  // The temporary password no longer signs in.
  const old = await request.post('/api/v1/public/login', { data: { username, password, type: 'user' } });
  expect(old.status()).toBe(401);
});

test('staff register a child without an account, add the account later from the detail and print the slip; the parent must change the password first', async ({
  page,
  browser,
}) => {
  test.slow();
  const period = (await (await page.request.get('/api/v1/public/school_period')).json()).data.find(
    (p: { is_open: boolean }) => p.is_open,
  ) as { id: number; name: string; school_name: string };
  const parent = newParent();
  const child = `Ananda Tanpa Akun ${parent.phone.slice(-4)}`;

  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto('/admin/registrant/assisted');
  const form = page.getByTestId('assisted-page');
  await form.getByLabel('Tanpa akun (akun dibuat kemudian)').check();
  await form.getByLabel('Nama calon murid').fill(child);
  await chooseOption(page, /^Sekolah/, period.school_name);
  await chooseOption(page, /^Periode pendaftaran/, period.name);
  await chooseOption(page, /^Kelas/, /sisa [1-9]/);
  await form.getByRole('button', { name: 'Daftarkan' }).click();
  const result = page.getByTestId('assisted-result');
  await expect(result).toContainText('Tanpa akun');
  await result.getByRole('link', { name: 'Lihat detail calon murid' }).click();

  // --- The detail offers the account; staff add one ----------------------------------------------------------
  await expect(page.getByTestId('registrant-detail')).toContainText(child);
  await expectAccessible(page, '/admin/registrant/detail (tanpa akun)', ['main']);
  await page.getByRole('button', { name: 'Tambahkan Akun Orang Tua' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tambahkan Akun Orang Tua' });
  // The open dialog only: the overlay dims the page behind it on purpose.
  await expectAccessible(page, 'dialog Tambahkan Akun Orang Tua', ['[role="dialog"]']);
  await dialog.getByRole('button', { name: 'Tambahkan', exact: true }).click();
  await expect(dialog.getByText('Isi Email atau No. HP (salah satu wajib diisi).').first()).toBeVisible();
  await dialog.getByLabel('Nama orang tua').fill(parent.name);
  await dialog.getByLabel('No. HP').fill(parent.phone);
  await dialog.getByRole('button', { name: 'Tambahkan', exact: true }).click();
  const added = dialog.getByTestId('account-added');
  await expect(added).toContainText(parent.phone);
  const shownPassword = (await added.getByTestId('account-added-password').textContent())!.trim();
  expect(shownPassword).toMatch(/^[A-Za-z0-9]{10}$/);

  const download = page.waitForEvent('download');
  await added.getByRole('button', { name: 'Cetak Slip Login' }).click();
  const lines = pdfLines(fs.readFileSync((await (await download).path())!));
  expect(under(lines, 'Nama calon murid')).toBe(child);
  expect(under(lines, 'Username (Email / No. HP)')).toBe(parent.phone);
  expect(under(lines, 'Kata sandi')).toBe(shownPassword);

  // Closed, the detail shows the new parent and no longer offers an account.
  await added.getByRole('button', { name: 'Tutup' }).click();
  await expect(page.getByTestId('registrant-detail')).toContainText(parent.phone);
  await expect(page.getByRole('button', { name: 'Tambahkan Akun Orang Tua' })).toHaveCount(0);

  // --- The parent signs in; every page but the profile sends them to change the password ---------------------
  const parentPage = await (await browser.newContext()).newPage();
  await parentPage.goto('/?modal=login');
  const login = parentPage.getByRole('dialog');
  await login.getByLabel('Email / No. HP').fill(parent.phone);
  await login.getByLabel('Kata Sandi', { exact: true }).fill(shownPassword);
  await login.getByLabel('Kata Sandi', { exact: true }).press('Enter');
  await expect(parentPage).toHaveURL(/\/profile\?ganti_password=1/);
  await parentPage.goto('/home');
  await expect(parentPage).toHaveURL(/\/profile\?ganti_password=1/);
  await expect(parentPage.getByTestId('must-change-password')).toBeVisible();
  await parentPage.getByLabel('Kata sandi lama').fill(shownPassword);
  await parentPage.getByLabel('Kata sandi baru', { exact: true }).fill(parent.password);
  await parentPage.getByLabel('Konfirmasi kata sandi baru').fill(parent.password);
  await parentPage.getByRole('button', { name: 'Ubah Kata Sandi' }).click();
  await expect(parentPage.getByText('Kata sandi berhasil diubah', { exact: false })).toBeVisible();

  await parentPage.goto('/home');
  await expect(parentPage.getByTestId('registrant-card')).toContainText(child);
});
