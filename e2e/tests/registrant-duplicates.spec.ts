import { type APIRequestContext, expect, test } from '@playwright/test';
import { sampleAnswers } from '@psb/contracts';
import { bearer, DEMO, freshVoucher, loginAsAdmin, newParentWithRegistrant } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { chooseOption } from '../support/select';

/** A new family's registrant whose form carries this name and birth date (through the api). */
async function registrantNamed(request: APIRequestContext, name: string, birth: string) {
  const parent = await newParentWithRegistrant(request, await freshVoucher(request));
  const auth = await bearer(request, parent.email, parent.password, 'user');
  const mine = (await (await request.get('/api/v1/registrants', { headers: auth })).json()).data[0];
  const saved = await request.post('/api/v1/registrant_answer', {
    headers: auth,
    data: { registrant_id: mine.id, data: { ...sampleAnswers(), '1': name, '4': birth } },
  });
  expect(saved.status()).toBe(200);
  return mine.registration_number as string;
}

test('staff see the duplicate badge, compare the look-alikes side by side, correct an answer and find it in the history', async ({
  page,
  request,
}) => {
  test.slow();
  const tag = `${Date.now()}`.slice(-6);
  const first = await registrantNamed(request, `Kirana Ganda ${tag}`, '2018-07-09');
  // The same child typed differently by another family: case, spacing and punctuation set aside.
  const second = await registrantNamed(request, `  KIRANA  ganda. ${tag}`, '2018-07-09');

  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto(`/admin/registrant?search=${tag}`);
  await expect(page.getByTestId('registrant-list-page')).toBeVisible();
  for (const number of [first, second]) {
    const row = page.getByRole('row').filter({ hasText: number });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('duplicate-badge')).toHaveText('Kemungkinan ganda');
  }
  await expect(page.getByRole('combobox', { name: 'Status pembayaran' })).toBeVisible();
  await expect(page.getByTestId('export-photos')).toBeVisible();

  // --- The comparison on the detail, with a link to the other one ------------------------------------------------
  await page.getByRole('link', { name: first }).click();
  await expect(page.getByTestId('registrant-detail')).toBeVisible();
  const panel = page.getByTestId('duplicates-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('duplicates-table')).toContainText(second);
  await expect(panel.getByTestId('duplicates-table')).toContainText('9 Juli 2018');
  await expect(panel).toContainText('Nama dan tanggal lahir sama');
  await expectAccessible(page, '/admin/registrant/detail (duplicates)', ['main']);
  await panel.getByRole('link', { name: `Buka ${second}` }).click();
  await expect(page.getByTestId('detail-registration-number')).toHaveText(second);
  await expect(page.getByTestId('duplicates-table')).toContainText(first);

  // --- Staff correct the nickname; the change is in the history ----------------------------------------------------
  await page.getByTestId('edit-answer').click();
  const dialog = page.getByRole('dialog', { name: 'Ubah jawaban formulir' });
  await chooseOption(page, /^Pertanyaan/, /^2\. Nama Panggilan/);
  await dialog.getByTestId('answer-value').fill('Kiki');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Jawaban calon murid berhasil diperbarui.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByRole('tab', { name: 'Riwayat' }).click();
  const history = page.getByTestId('history');
  await expect(history.getByText('Jawaban diubah staf')).toBeVisible();
  await expect(history.getByTestId('answer-change')).toContainText(/Nama Panggilan.*→ Kiki/);
});

test('siblings of one parent account with another name and birth date carry no duplicate badge', async ({
  page,
  request,
}) => {
  const tag = `${Date.now()}`.slice(-6);
  const parent = await newParentWithRegistrant(request, await freshVoucher(request));
  const auth = await bearer(request, parent.email, parent.password, 'user');
  const [first] = (await (await request.get('/api/v1/registrants', { headers: auth })).json()).data;
  const second = await request.post('/api/v1/registrant', {
    headers: auth,
    data: {
      token: await freshVoucher(request),
      password: parent.password,
      school_id: first.school_id,
      school_period_id: first.school_period_id,
      mst_class_id: first.mst_class_id,
    },
  });
  expect(second.status()).toBe(201);
  const mine = (await (await request.get('/api/v1/registrants', { headers: auth })).json()).data as {
    id: number;
    registration_number: string;
  }[];
  const identities = [
    [`Bagas Saudara ${tag}`, '2017-02-14'],
    [`Nadia Saudari ${tag}`, '2019-09-30'],
  ];
  for (const [i, r] of mine.entries()) {
    const saved = await request.post('/api/v1/registrant_answer', {
      headers: auth,
      data: {
        registrant_id: r.id,
        data: { ...sampleAnswers(), '1': identities[i]![0], '4': identities[i]![1] },
      },
    });
    expect(saved.status()).toBe(200);
  }

  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto(`/admin/registrant?search=${tag}`);
  for (const r of mine) {
    const row = page.getByRole('row').filter({ hasText: r.registration_number });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('duplicate-badge')).toHaveCount(0);
  }
  await page.getByRole('link', { name: mine[0]!.registration_number }).click();
  await expect(page.getByTestId('registrant-detail')).toBeVisible();
  await expect(page.getByTestId('duplicates-panel')).toHaveCount(0);
});
