import { devices, expect, test } from '@playwright/test';
import { sampleAnswers } from '@psb/contracts';
import {
  bearer,
  DEMO,
  freshVoucher,
  loginAsAdmin,
  loginAsParent,
  newParentWithRegistrant,
} from '../support/accounts';
import { expectAccessible } from '../support/axe';

/**
 * One family: after the first child's form is sent, the second child's form opens on the parent's phone already
 * holding the family's answers (parents, address), each marked as copied; the parent corrects one and confirms
 * the rest page by page. Staff then see the two children linked on the registrant's record.
 */
const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
const { defaultBrowserType: _desktopBrowser, ...desktop } = devices['Desktop Chrome'];
test.use(pixel7);

const RUN = Date.now().toString(36);

test('a second child starts from the family’s answers, the parent confirms them, staff see the siblings', async ({
  page,
  request,
  browser,
}, info) => {
  test.slow();
  const parent = await newParentWithRegistrant(request, await freshVoucher(request));
  const own = await bearer(request, parent.email, parent.password, 'user');
  const first = (await (await request.get('/api/v1/registrants', { headers: own })).json()).data[0];
  const firstAnswers = {
    ...sampleAnswers(),
    '1': `Kakak ${RUN}`,
    '22': `Hendra ${RUN}`,
    '10': `Jl. Melati ${RUN}`,
  };
  const saved = await request.post('/api/v1/registrant_answer', {
    headers: own,
    data: { registrant_id: first.id, data: firstAnswers },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const sent = await request.post(`/api/v1/registrant/submit/${first.id}`, { headers: own, data: {} });
  expect(sent.status(), await sent.text()).toBe(200);

  // The second child, in the same school and period, with a voucher of its own.
  const second = await request.post('/api/v1/registrant', {
    headers: own,
    data: {
      token: await freshVoucher(request),
      password: parent.password,
      school_id: first.school_id,
      school_period_id: first.school_period_id,
      mst_class_id: first.mst_class_id,
    },
  });
  expect(second.status(), await second.text()).toBe(201);
  const next = (await second.json()).data as { id: number; registration_number: string };

  // --- The parent, on the phone: the form of the second child opens filled from the family -----------------
  await loginAsParent(page, parent.email, parent.password);
  const card = page.getByTestId('registrant-card').filter({ hasText: next.registration_number });
  await card.getByRole('button', { name: 'Isi Formulir' }).click();
  await expect(page.getByRole('heading', { name: 'Data Pribadi', level: 3 })).toBeVisible();
  const notice = page.getByTestId('family-copy-notice');
  await expect(notice).toContainText(`disalin dari formulir Kakak ${RUN}`);
  // The home address is the family's; the child's own name is not copied.
  await expect(page.locator('#q-10')).toHaveValue(`Jl. Melati ${RUN}`);
  await expect(page.getByTestId('copied-10')).toBeVisible();
  await expect(page.locator('#q-1')).toHaveValue('');
  await expectAccessible(page, '/registrant/survey (copied family answers)', ['main']);
  await notice.getByRole('button', { name: 'Data keluarga sudah benar' }).click();
  await expect(notice).toBeHidden();
  await expect(page.getByTestId('copied-10')).toBeHidden();

  // The father's page: the parent corrects the name (it is theirs now) and confirms the rest.
  await page.getByRole('tab', { name: 'Ayah' }).click();
  await expect(page.getByRole('heading', { name: 'Data Ayah', level: 3 })).toBeVisible();
  await expect(page.locator('#q-22')).toHaveValue(`Hendra ${RUN}`);
  await expect(page.getByTestId('copied-22')).toBeVisible();
  await page.locator('#q-22').fill(`Hendra Wijaya ${RUN}`);
  await expect(page.getByTestId('copied-22')).toBeHidden();
  await expect(page.getByTestId('copied-28')).toBeVisible();
  await page
    .getByTestId('family-copy-notice')
    .getByRole('button', { name: 'Data keluarga sudah benar' })
    .click();
  await expect(page.getByTestId('family-copy-notice')).toBeHidden();

  // What the server holds: the correction kept, the two pages confirmed, the mother's still waiting.
  const held = (await (await request.get(`/api/v1/registrant/${next.id}`, { headers: own })).json()).data;
  expect(held.question_answer['22']).toBe(`Hendra Wijaya ${RUN}`);
  expect(held.family.unconfirmed).not.toContain(10);
  expect(held.family.unconfirmed).not.toContain(28);
  expect(held.family.unconfirmed).toContain(32);

  // --- Staff: the two children are linked on each one's record ------------------------------------------------
  const staffContext = await browser.newContext({ ...desktop, baseURL: info.project.use.baseURL });
  const staff = await staffContext.newPage();
  await loginAsAdmin(staff, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(staff).toHaveURL(/\/admin\/dashboard/);
  await staff.goto(`/admin/registrant/detail?id=${next.id}`);
  const siblings = staff.getByTestId('siblings-panel');
  await expect(siblings.getByRole('link', { name: first.registration_number })).toBeVisible();
  await expect(siblings).toContainText(`Kakak ${RUN}`);
  await expectAccessible(staff, '/admin/registrant/detail (siblings)', ['main']);
  await siblings.getByRole('link', { name: first.registration_number }).click();
  await expect(
    staff.getByTestId('siblings-panel').getByRole('link', { name: next.registration_number }),
  ).toBeVisible();
  await staffContext.close();
});
