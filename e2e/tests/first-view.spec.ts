import { expect, test } from '@playwright/test';

test('the home shows the foundation’s welcome before the app loads, then the app takes over', async ({
  browser,
  page,
  request,
}) => {
  const firstPage = await (await request.get('/api/v1/public/first_page')).json();
  // Staff write the welcome in Markdown; its first words are plain text in both views.
  const welcomeWords = String(firstPage.result.welcome_description)
    .replace(/[*_#>`[\]()]/g, '')
    .split(/\s+/)
    .slice(0, 3)
    .join(' ');
  expect(welcomeWords.length).toBeGreaterThan(0);

  // Without JavaScript a visitor still gets the page the server drew, with working links.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const bare = await noScript.newPage();
  await bare.goto('/');
  await expect(bare.getByRole('heading', { level: 1, name: 'Penerimaan Siswa Baru' })).toBeVisible();
  await expect(bare.getByText(welcomeWords)).toBeVisible();
  await expect(bare.getByRole('img', { name: 'Ilustrasi penerimaan siswa baru' })).toBeVisible();
  await bare.getByRole('link', { name: 'Daftar dengan Voucher' }).click();
  await expect(bare).toHaveURL(/\/\?modal=voucher$/);
  await noScript.close();

  // With JavaScript the app replaces it: one page, the app's, with its buttons working.
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByTestId('home-login')).toBeVisible();
  await expect(page.locator('#psb-first-view')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByText(welcomeWords)).toBeVisible();
  // The app shows the welcome the server already rendered, formatting included, without a Markdown renderer.
  const welcome = page.getByTestId('welcome-text');
  expect(await welcome.innerHTML()).toContain('<p>');
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((url) => url.includes('psb-markdown'))).toEqual([]);
  await page.getByTestId('home-voucher').click();
  await expect(page.getByRole('dialog')).toBeVisible();
});
