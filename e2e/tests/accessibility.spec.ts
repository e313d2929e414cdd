import { devices, expect, test } from '@playwright/test';
import { loginAsParent, newParentWithRegistrant, newVoucher } from '../support/accounts';
import { expectAccessible } from '../support/axe';

// The parent's pages are checked on a phone, where they are mostly used.
const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
test.use(pixel7);

test('the home page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('welcome-text')).toBeVisible();
  await expectAccessible(page, '/');
});

test('the parent pages and every tab of the registrant form have no serious accessibility violations', async ({
  page,
  request,
}) => {
  // A whole journey through many screens: allowed three times the usual timeout on a busy machine.
  test.slow();
  const parent = await newParentWithRegistrant(request, await newVoucher(request));

  await loginAsParent(page, parent.email, parent.password);
  await expect(page.getByTestId('registrant-card')).toBeVisible();
  await expectAccessible(page, '/home');

  await page.getByRole('button', { name: 'Detail' }).click();
  await expect(page.getByTestId('registrant-status')).toBeVisible();
  await expectAccessible(page, '/registrant');

  await page.goto('/registrant/survey');
  for (const [tab, title] of [
    ['Identitas Calon', 'Data Pribadi'],
    ['Ayah', 'Data Ayah'],
    ['Ibu', 'Data Ibu'],
    ['Wali', 'Data Wali'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('heading', { name: title, level: 3 })).toBeVisible();
    await expectAccessible(page, `/registrant/survey — ${tab}`);
  }
  // The other pages of the first tab too.
  await page.getByRole('tab', { name: 'Identitas Calon' }).click();
  for (const title of ['Pendidikan Sebelumnya', 'Saudara']) {
    await page.getByRole('button', { name: new RegExp(`\\d\\. ${title}`) }).click();
    await expect(page.getByRole('heading', { name: title, level: 3 })).toBeVisible();
    await expectAccessible(page, `/registrant/survey — ${title}`);
  }
});
