import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { bearer, DEMO, loginAsAdmin, newParent } from '../support/accounts';
import { openFromSidebar } from '../support/sidebar';

const run = `${Date.now()}`.slice(-6);

async function signInAsSuperadmin(page: Page) {
  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
}

/** No serious or critical axe violations (WCAG 2.x A/AA rules) in the page's own content (not the shell). */
async function expectAccessible(page: Page, what: string) {
  const result = await new AxeBuilder({ page })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(report, `${what}: axe violations`).toEqual([]);
}

test('staff edit the FAQ and the welcome text; visitors and parents read them', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const question = `Apakah ada seragam khusus? (${run})`;
  const welcome = `Selamat datang di PSB Harapan Bangsa ${run}`;

  await signInAsSuperadmin(page);
  await openFromSidebar(page, 'FAQ');
  await expect(page.getByRole('heading', { name: 'FAQ', level: 2 })).toBeVisible();
  await page.getByRole('tab', { name: /Umum/ }).click();
  await expect(page.getByTestId('faq-item').first()).toBeVisible();
  await expectAccessible(page, '/admin/faq');
  await page.getByRole('button', { name: 'Tambah pertanyaan' }).click();
  const item = page.getByTestId('faq-item').last();
  await item.getByRole('textbox', { name: /^Pertanyaan/ }).fill(question);
  await item
    .getByRole('textbox', { name: 'Jawaban' })
    .fill('Ya, **seragam batik** dipakai setiap Jumat. <script>alert(1)</script>');
  await page.getByTestId('save-faq').click();
  await expect(page.getByText('Perubahan berhasil disimpan.').last()).toBeVisible();
  // The answer as stored: the script is gone from the editor too.
  await expect(item.getByRole('textbox', { name: 'Jawaban' })).toHaveValue(
    'Ya, **seragam batik** dipakai setiap Jumat.',
  );

  await openFromSidebar(page, 'Beranda');
  await expect(page.getByRole('heading', { name: 'Beranda', level: 2 })).toBeVisible();
  const text = page.getByTestId('welcome-description');
  await expect(text).not.toHaveValue('');
  await expectAccessible(page, '/admin/dashboard_parent');
  await text.fill(welcome);
  await page
    .getByRole('toolbar', { name: 'Format Teks sambutan' })
    .getByRole('button', { name: 'Tebal' })
    .click();
  await expect(text).toHaveValue(`${welcome}**teks tebal**`);
  await text.fill(`${welcome}. Daftar **sekarang**!`);
  await page.getByRole('region', { name: 'Sambutan' }).getByRole('tab', { name: 'Pratinjau' }).click();
  await expect(
    page.getByRole('region', { name: 'Sambutan' }).locator('strong', { hasText: 'sekarang' }),
  ).toBeVisible();
  await page.getByTestId('save-welcome').click();
  await expect(page.getByText('Perubahan berhasil disimpan.').last()).toBeVisible();

  await openFromSidebar(page, 'Panduan');
  await expect(page.getByRole('textbox', { name: 'Judul pengumuman wawancara' })).not.toHaveValue('');
  await expectAccessible(page, '/admin/guide');

  // A visitor (no session): the home page and the public FAQ. first_page may be kept by the server for a
  // couple of seconds, so the page is reloaded until the new text is there (a cold first load on a busy
  // machine alone can take a few seconds).
  const visitor = await browser.newPage();
  await expect(async () => {
    await visitor.goto('/');
    await expect(visitor.getByTestId('welcome-text')).toContainText(welcome, { timeout: 5000 });
  }).toPass({ timeout: 30_000 });
  await expect(visitor.getByTestId('welcome-text').locator('strong')).toHaveText('sekarang');
  await visitor.goto('/faq/general');
  await visitor.getByRole('button', { name: question }).click();
  const answer = visitor.getByRole('region').filter({ hasText: 'dipakai setiap Jumat' });
  await expect(answer.locator('strong')).toHaveText('seragam batik');
  await expect(answer).not.toContainText('alert');
  await visitor.close();

  // A parent, in the parent area.
  const parent = newParent();
  const registered = await request.post('/api/v1/public/register', {
    data: { name: parent.name, email: parent.email, phone_number: parent.phone, password: parent.password },
  });
  expect(registered.status()).toBe(201);
  const parentPage = await browser.newPage();
  await parentPage.goto('/?modal=login');
  const dialog = parentPage.getByRole('dialog');
  await dialog.getByLabel('Email / No. HP').fill(parent.email);
  await dialog.getByLabel('Kata Sandi', { exact: true }).fill(parent.password);
  await dialog.getByLabel('Kata Sandi', { exact: true }).press('Enter');
  await expect(parentPage).toHaveURL(/\/home/);
  await parentPage.goto('/faq');
  await parentPage.getByRole('button', { name: 'Umum', exact: true }).click();
  await expect(parentPage.getByRole('button', { name: question })).toBeVisible();
  await parentPage.close();
});

test("links in staff text: this site's paths stay in the tab, other sites open in a new one, look-alikes are words", async ({
  page,
  browser,
  request,
}, info) => {
  test.slow();
  const admin = await bearer(request, DEMO.superadmin.username, DEMO.superadmin.password, 'admin');
  const text =
    `Info ${run}: [Kontak kami](/contact1) · [Situs dinas](https://dinas.example.org/psb) · ` +
    '[Ganda](//evil.example/a) · [Miring](/\\evil.example/b)';
  const links = async (scope: Locator) => {
    await expect(scope.getByRole('link', { name: 'Kontak kami' })).toHaveAttribute('href', '/contact1');
    await expect(scope.getByRole('link', { name: 'Kontak kami' })).not.toHaveAttribute('target', /./);
    const web = scope.getByRole('link', { name: 'Situs dinas' });
    await expect(web).toHaveAttribute('target', '_blank');
    await expect(web).toHaveAttribute('rel', 'noopener noreferrer');
    for (const word of ['Ganda', 'Miring']) {
      await expect(scope.getByText(word, { exact: false })).toBeVisible();
      await expect(scope.getByRole('link', { name: word })).toHaveCount(0);
    }
    await expect(scope.locator('a[href*="evil"]')).toHaveCount(0);
  };

  // The home banner: drawn by the server before the app loads, then by the app with the same HTML.
  const banner = (active: boolean) =>
    request.put('/api/v1/config/banner_home', { headers: admin, data: { data: { active, text } } });
  expect((await banner(true)).status()).toBe(200);
  try {
    await expect(async () => {
      await page.goto('/');
      await expect(page.getByTestId('home-banner')).toContainText(`Info ${run}`, { timeout: 5000 });
    }).toPass({ timeout: 30_000 });
    await links(page.getByTestId('home-banner'));
    await page.getByTestId('home-banner').scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath('home-banner-links.png') });
    await page.getByTestId('home-banner').getByRole('link', { name: 'Kontak kami' }).click();
    await expect(page).toHaveURL(/\/contact1$/);
  } finally {
    await banner(false);
  }

  // A FAQ answer, rendered in the browser by the apps' Markdown renderer.
  const faq = (await (await request.get('/api/v1/config/faq', { headers: admin })).json()).data;
  const question = `Di mana info resmi? (${run})`;
  const saved = await request.put('/api/v1/config/faq', {
    headers: admin,
    data: { data: [...faq, { topic: 'general', question, answer: text }] },
  });
  expect(saved.status()).toBe(200);
  // A new visitor (the page above keeps the first page it read); the server may keep it a few seconds too.
  const reader = await browser.newPage();
  await expect(async () => {
    await reader.goto('/faq/general');
    await reader.getByRole('button', { name: question }).click({ timeout: 5000 });
  }).toPass({ timeout: 30_000 });
  const answer = reader.getByRole('region').filter({ hasText: `Info ${run}` });
  await links(answer);
  await reader.screenshot({ path: info.outputPath('faq-links.png') });
  await reader.close();
});

test('the graduation-letter editor previews the layout as a PDF beside it', async ({ page }) => {
  await signInAsSuperadmin(page);
  await openFromSidebar(page, 'Rekap Surat Kelulusan');
  await expect(page.getByRole('heading', { name: 'Format Surat Kelulusan', level: 2 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Sekolah' }).click();
  await page.getByRole('option', { name: 'SD Harapan Bangsa' }).click();

  const firstPreview = page.waitForResponse(
    (r) => r.url().includes('/format/graduation/preview') && r.status() === 200,
  );
  const body = page.getByTestId('template-body');
  await expect(body).toHaveValue(/\{nama\}/);
  const pdf = await firstPreview;
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByTestId('pdf-preview')).toHaveAttribute('src', /^blob:/);
  await expectAccessible(page, '/admin/graduationrecap');

  // An unknown placeholder: the preview says which, the layout is not saved.
  await body.fill('Selamat {nama_lengkap}.');
  await expect(page.getByText('Isian otomatis tidak dikenal: {nama_lengkap}.').first()).toBeVisible();

  // A change renders a new preview.
  const next = page.waitForResponse(
    (r) => r.url().includes('/format/graduation/preview') && r.status() === 200,
  );
  await body.fill(`Dengan ini {nama} dinyatakan {status}. (${run})`);
  expect((await (await next).body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Format berhasil disimpan.').last()).toBeVisible();
  await expect(page.getByText('Format sekolah')).toBeVisible();
});
