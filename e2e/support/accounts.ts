import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

export const DEMO = {
  superadmin: { username: 'superadmin@demo.sch.id', password: 'demo1234' },
  teacher: { username: 'guru@demo.sch.id', password: 'demo1234' },
  parent: { username: 'orangtua@demo.sch.id', password: 'demo1234' },
};

/** A parent account no other test uses. */
export function newParent() {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    name: `Ibu Uji ${n.slice(-4)}`,
    email: `ortu${n}@contoh.id`,
    phone: `08${n.slice(-10)}`,
    password: 'rahasia123',
  };
}

export async function loginAsParent(page: Page, username: string, password: string) {
  await page.goto('/?modal=login');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email / No. HP').fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/home/);
}

export async function loginAsAdmin(page: Page, username: string, password: string) {
  await page.goto('/admin');
  await page.getByLabel('Email / No. HP').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Masuk' }).click();
}
