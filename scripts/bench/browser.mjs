// Debian's Chromium for the bench's page measurements, and signing in through the UI as the demo accounts.
import { createRequire } from 'node:module';
import { root } from '../lib/workspace.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The e2e suite's flags: without the background-networking ones Chromium keeps calling out, and this network refuses it. */
export const CHROMIUM_FLAGS = createRequire(`${root}/e2e/package.json`)('./support/chromium-flags.json');
export const DEMO_PASSWORD = 'demo1234';

export const playwright = () => createRequire(`${root}/e2e/package.json`)('@playwright/test');

export const launchChromium = () =>
  playwright().chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });

/** The demo parent, signed in from the home page's login dialog; ends on /home. */
export async function signInAsParent(page, baseUrl) {
  await page.goto(`${baseUrl}/?modal=login`);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email / No. HP').fill('orangtua@demo.sch.id');
  await dialog.getByLabel('Kata Sandi', { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Masuk' }).click();
  await page.waitForURL(/\/home$/);
}

/** The demo superadmin, signed in on the staff login; ends on /admin/dashboard. */
export async function signInAsStaff(page, baseUrl) {
  await page.goto(`${baseUrl}/admin`);
  await page.getByLabel('Email / No. HP').fill('superadmin@demo.sch.id');
  await page.getByLabel('Kata Sandi', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await page.waitForURL(/\/admin\/dashboard$/);
}
