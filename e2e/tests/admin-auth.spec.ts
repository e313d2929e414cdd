import { expect, test } from '@playwright/test';
import { DEMO, loginAsAdmin } from '../support/accounts';

test('a superadmin logs in at /admin and reaches the dashboard with date, name and sidebar', async ({
  page,
}) => {
  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await expect(page.getByRole('banner').getByText('Admin Yayasan')).toBeVisible();
  const today = new Intl.DateTimeFormat('id-ID', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Jakarta',
  }).format(new Date());
  await expect(page.getByRole('banner').getByText(today, { exact: false })).toBeVisible();
  const sidebar = page.getByRole('navigation').first();
  await expect(sidebar).toBeVisible();
  expect((await sidebar.boundingBox())?.width).toBe(180);
  await expect(page.getByText('v0.1.3')).toBeVisible();

  await page.getByRole('button', { name: 'Keluar' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test('a parent signing in at /admin is told, in place, to use Masuk on the home page', async ({ page }) => {
  await loginAsAdmin(page, DEMO.parent.username, DEMO.parent.password);
  const told = page.getByTestId('parent-at-admin');
  await expect(told).toContainText('Ini akun orang tua');
  await expect(told).toContainText('Orang tua dan wali masuk melalui tombol Masuk di halaman beranda.');
  await expect(page).toHaveURL(/\/admin$/);
  await told.getByRole('link', { name: 'halaman beranda' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').getByLabel('Kata Sandi', { exact: true })).toBeVisible();
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/tidak/ada/halaman-ini');
  await expect(page.getByText('Halaman tidak ditemukan')).toBeVisible();
});

test('an admin page without an admin session goes to /404 with the source and request paths', async ({
  page,
}) => {
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/404\?.*request_uri=%2Fadmin%2Fdashboard/);
});
