import { appendFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { shellDir } from '../support/env';

/** Publishes a "new version" of the shell: a changed service worker, as a rebuild would produce. */
function publishNewShell() {
  const sw = path.join(shellDir, 'sw.js');
  appendFileSync(sw, `\n// versi ${Date.now()}\n`);
  // The server prefers the precompressed siblings; they describe the old file now.
  rmSync(`${sw}.br`, { force: true });
  rmSync(`${sw}.gz`, { force: true });
}

async function swState(page: Page) {
  return page.evaluate(async () => {
    const r = await navigator.serviceWorker.getRegistration();
    return { waiting: !!r?.waiting, active: !!r?.active, controlled: !!navigator.serviceWorker.controller };
  });
}

test('a new version offers Update: closing only warns, Update activates it and reloads', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-sw', 'registered', { timeout: 20_000 });
  await expect.poll(async () => (await swState(page)).active, { timeout: 20_000 }).toBe(true);

  publishNewShell();
  await page.reload();
  const dialog = page.getByRole('dialog', { name: 'Versi baru tersedia' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  expect((await swState(page)).waiting).toBe(true);

  await dialog
    .getByRole('button', { name: 'Close' })
    .or(dialog.locator('.mantine-Modal-close'))
    .first()
    .click();
  await expect(page.getByText('Versi baru belum dipasang', { exact: false })).toBeVisible();

  // The offer comes back on the next load, and Update takes the new version into use.
  await page.reload();
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Update' }).click()]);
  await expect.poll(async () => (await swState(page)).waiting, { timeout: 20_000 }).toBe(false);
  await expect.poll(async () => (await swState(page)).controlled, { timeout: 20_000 }).toBe(true);
  await expect(dialog).toBeHidden();
});
