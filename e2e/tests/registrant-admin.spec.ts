import { expect, test } from '@playwright/test';
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

test('staff find a submitted registrant, reopen the form, the parent resubmits, staff verify; the parent sees each status', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  // --- A parent with a complete, submitted form (through the api: the form itself is covered elsewhere) ----
  const parent = await newParentWithRegistrant(request, await freshVoucher(request));
  const auth = await bearer(request, parent.email, parent.password, 'user');
  const mine = (await (await request.get('/api/v1/registrants', { headers: auth })).json()).data[0];
  const answers = { ...sampleAnswers(), '1': `Ananda Uji ${mine.registration_number.slice(-5)}` };
  expect(
    (
      await request.post('/api/v1/registrant_answer', {
        headers: auth,
        data: { registrant_id: mine.id, data: answers },
      })
    ).status(),
  ).toBe(200);
  expect(
    (await request.post(`/api/v1/registrant/submit/${mine.id}`, { headers: auth, data: {} })).status(),
  ).toBe(200);

  const parentPage = await (await browser.newContext()).newPage();
  await loginAsParent(parentPage, parent.email, parent.password);
  const card = parentPage.getByTestId('registrant-card');
  await expect(card.getByTestId('registrant-status')).toHaveText('Terkirim, menunggu verifikasi');

  // --- Staff find it by registration number on the list ----------------------------------------------------
  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto('/admin/registrant');
  await expect(page.getByTestId('registrant-list-page')).toBeVisible();
  await page.getByTestId('registrant-search').fill(mine.registration_number);
  await expect(page).toHaveURL(new RegExp(`search=${mine.registration_number}`));
  const row = page.getByRole('row').filter({ hasText: mine.registration_number });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Terkirim, menunggu verifikasi');
  await expect(page.getByTestId('count-submitted')).toContainText('1');
  // The shell's header and sidebar are not this remote's: its own content is checked.
  await expectAccessible(page, '/admin/registrant', ['main']);

  // The filters live in the URL: a reload shows the same view.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: mine.registration_number })).toHaveCount(1);

  // --- Open it and reopen the form with a reason -------------------------------------------------------------
  await page.getByRole('link', { name: mine.registration_number }).click();
  await expect(page.getByTestId('registrant-detail')).toBeVisible();
  await expect(page.getByTestId('detail-registration-number')).toHaveText(mine.registration_number);
  await expect(page.getByText(answers['1'] as string).first()).toBeVisible();
  await expectAccessible(page, '/admin/registrant/detail', ['main']);
  await page.getByRole('button', { name: 'Buka Formulir' }).click();
  await page.getByTestId('reopen-reason').fill('Nama panggilan belum sesuai akta');
  await page.getByTestId('reopen-confirm').click();
  await expect(page.getByText('Formulir dibuka kembali; orang tua dapat mengubah data')).toBeVisible();
  await expect(page.getByTestId('status-badge')).toHaveText('Formulir lengkap, belum dikirim');
  await expect(page.getByTestId('detail-status-note')).toContainText('Nama panggilan belum sesuai akta');

  // --- The parent sees why, edits and submits again --------------------------------------------------------
  await parentPage.reload();
  await expect(card.getByTestId('registrant-status')).toHaveText('Formulir lengkap, belum dikirim');
  await expect(card.getByTestId('next-step')).toContainText('Nama panggilan belum sesuai akta');
  await card.getByRole('button', { name: 'Isi Formulir' }).click();
  await expect(parentPage).toHaveURL(/\/registrant\/survey$/);
  await parentPage.getByRole('textbox', { name: /^Nama Panggilan/ }).fill('Uji');
  await parentPage.getByRole('button', { name: 'Berikutnya' }).click();
  await expect(parentPage.getByTestId('save-status')).toHaveAttribute('data-state', 'saved', {
    timeout: 15_000,
  });
  await parentPage.goto('/home');
  await card.getByRole('button', { name: 'Submit' }).click();
  await parentPage
    .getByRole('dialog', { name: 'Kirim data calon murid?' })
    .getByRole('button', { name: 'Ya, Kirim' })
    .click();
  await expect(card.getByTestId('registrant-status')).toHaveText('Terkirim, menunggu verifikasi');

  // --- Staff verify; the history shows every step ------------------------------------------------------------
  await page.reload();
  await expect(page.getByTestId('status-badge')).toHaveText('Terkirim, menunggu verifikasi');
  await page.getByRole('button', { name: 'Verifikasi' }).click();
  await page.getByTestId('confirm-action').click();
  await expect(page.getByText('Calon murid berhasil diverifikasi.')).toBeVisible();
  await expect(page.getByTestId('status-badge')).toHaveText('Terverifikasi');
  await page.getByRole('tab', { name: 'Riwayat' }).click();
  const history = page.getByTestId('history');
  await expect(history.getByText('Formulir dibuka kembali')).toBeVisible();
  await expect(history.getByText('Alasan: Nama panggilan belum sesuai akta')).toBeVisible();
  await expect(history.getByText(/^Diverifikasi/)).toBeVisible();

  await parentPage.reload();
  await expect(card.getByTestId('registrant-status')).toHaveText('Terverifikasi');
  await expect(card.getByTestId('next-step')).toContainText('Data sudah diverifikasi.');
});
