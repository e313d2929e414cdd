import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO, loginAsParent } from '../support/accounts';
import { mfeDir, repoRoot } from '../support/env';

test.describe('a remote that cannot be reached', () => {
  // The service worker serves remote files from its cache once it controls the page (that is what keeps the
  // app usable offline); its fetches also bypass page.route. Here the remote must really be unreachable.
  test.use({ serviceWorkers: 'block' });

  test('with mfe-parent unreachable, /home shows the fallback and the navbar still works', async ({
    page,
  }) => {
    await loginAsParent(page, DEMO.parent.username, DEMO.parent.password);
    await page.route('**/mfe/mfe-parent/**', (route) => route.abort());
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: 'Halaman gagal dimuat' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Coba lagi' })).toBeVisible();
    // The shell's navbar and session survive: the user menu still opens and logs out.
    await page.getByRole('button', { name: 'Bapak Budi Santoso' }).click();
    await expect(page.getByRole('menuitem', { name: 'Profil' })).toBeVisible();

    // Once the remote is reachable again, retry loads the page without a reload.
    await page.unroute('**/mfe/mfe-parent/**');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Coba lagi' }).click();
    await expect(page.getByText('Selamat datang, Bapak Budi Santoso')).toBeVisible();
  });
});

test('a rebuilt mfe-public published under a new version is picked up on reload', async ({ page }) => {
  const registry = () => JSON.parse(readFileSync(path.join(mfeDir, 'registry.json'), 'utf8'));
  const before = registry().remotes.mfe_public.version as string;
  const shellIndex = readFileSync(path.join(repoRoot, 'dist', 'shell', 'index.html'), 'utf8');
  await page.goto('/');
  await expect(page.getByTestId('remote-version')).toHaveText(`mfe-public v${before}`);

  const next = `${before}-e2e${Date.now()}`;
  execFileSync(
    'node',
    [
      path.join(repoRoot, 'scripts', 'publish-remote.mjs'),
      'mfe-public',
      '--version',
      next,
      '--mfe-dir',
      mfeDir,
    ],
    {
      cwd: repoRoot,
      stdio: 'inherit',
    },
  );
  expect(registry().remotes.mfe_public.version).toBe(next);
  await page.reload();
  await expect(page.getByTestId('remote-version')).toHaveText(`mfe-public v${next}`);
  // The shell was not rebuilt.
  expect(readFileSync(path.join(repoRoot, 'dist', 'shell', 'index.html'), 'utf8')).toBe(shellIndex);
});

test('the service worker registers and the web manifest is served', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-sw', 'registered', { timeout: 20_000 });
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
  expect(scope).toMatch(/\/$/);
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest.theme_color).toBe('#055837');
});
