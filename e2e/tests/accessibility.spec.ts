import AxeBuilder from '@axe-core/playwright';
import { devices, expect, type Page, test } from '@playwright/test';
import { loginAsParent, newParent } from '../support/accounts';

// The parent's pages are checked on a phone, where they are mostly used.
const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
test.use(pixel7);

/** No serious or critical axe violations (WCAG 2.x A/AA rules). */
async function expectAccessible(page: Page, what: string) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(report, `${what}: axe violations`).toEqual([]);
}

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
  const parent = newParent();
  await request.post('/api/v1/public/register', {
    data: { name: parent.name, email: parent.email, phone_number: parent.phone, password: parent.password },
  });
  // A registrant made through the api (the dialog itself is covered by parent-journey.spec.ts).
  const login = await (
    await request.post('/api/v1/public/login', {
      data: { username: parent.email, password: parent.password },
    })
  ).json();
  const headers = { Authorization: `Bearer ${login.token}` };
  const school = (await (await request.get('/api/v1/public/school')).json()).data.find(
    (s: { name: string }) => s.name === 'SD Harapan Bangsa',
  );
  const period = (await (await request.get('/api/v1/public/school_period')).json()).data.find(
    (p: { school_id: number; is_open: boolean }) => p.school_id === school.id && p.is_open,
  );
  const klass = (
    await (
      await request.get(`/api/v1/public/mst_class?school_name=${encodeURIComponent(school.name)}`)
    ).json()
  ).data.find((c: { name: string }) => c.name === 'Kelas 1');
  const created = await request.post('/api/v1/registrant', {
    headers,
    data: {
      token: 'DEMO-SD-0002',
      password: parent.password,
      school_id: school.id,
      school_period_id: period.id,
      mst_class_id: klass.id,
    },
  });
  expect(created.status()).toBe(201);

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
    ['Wali', 'Data Wali (opsional)'],
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
