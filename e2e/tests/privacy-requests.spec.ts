import { expect, test } from '@playwright/test';
import { sampleAnswers } from '@psb/contracts';
import { DEMO, loginAsAdmin, loginAsParent, parentWithAnswers } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { chooseOption } from '../support/select';

const run = Date.now().toString(36);

test('a parent asks to correct a submitted answer; staff see the 3×24 hour clock and correct it', async ({
  page,
  request,
}) => {
  const childName = `Anak Koreksi ${run}`;
  const { parent, auth, registrantId } = await parentWithAnswers(request, {
    ...sampleAnswers(),
    '1': childName,
  });
  const sent = await request.post(`/api/v1/registrant/submit/${registrantId}`, { headers: auth, data: {} });
  expect(sent.ok(), await sent.text()).toBe(true);

  // --- The parent asks on the profile -------------------------------------------------------------------
  // The name tag holds 14 characters at most: a longer value would be refused when staff carry it out.
  const nickname = `Adik ${run.slice(-6)}`;
  await loginAsParent(page, parent.email, parent.password);
  await page.goto('/profile');
  const card = page.getByTestId('privacy-requests');
  await expect(card.getByText('Belum ada permintaan.')).toBeVisible();
  await chooseOption(page, /^Calon murid/, new RegExp(childName));
  await chooseOption(page, /^Data yang salah/, 'Nama Panggilan (untuk name tag)');
  await card.getByLabel('Data yang benar').fill(nickname);
  await card.getByRole('button', { name: 'Kirim permintaan perbaikan' }).click();
  await expect(page.getByText('Permintaan Anda terkirim.', { exact: false })).toBeVisible();
  const mine = card.getByTestId('privacy-request').filter({ hasText: nickname });
  await expect(mine).toContainText('Menunggu');
  await expectAccessible(page, '/profile (permintaan data)', ['main']);

  // --- Staff answer in Pengaturan → Permintaan Data -----------------------------------------------------
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto('/admin/privacy_requests');
  await expect(page.getByRole('heading', { name: 'Permintaan Data Pribadi' })).toBeVisible();
  const row = page.getByTestId('privacy-requests').getByRole('row').filter({ hasText: nickname });
  await expect(row).toContainText(childName);
  await expect(row).toContainText(/sisa 7[12] jam/);
  await expectAccessible(page, '/admin/privacy_requests', ['main']);
  await row.getByRole('button', { name: 'Laksanakan' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Laksanakan' }).click();
  await expect(page.getByText('Data diperbaiki.')).toBeVisible();
  await expect(row).toContainText('Selesai');

  const after = await request.get(`/api/v1/registrant/${registrantId}`, { headers: auth });
  expect((await after.json()).data.question_answer['2']).toBe(nickname);
});
