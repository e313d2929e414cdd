import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO, loginAsAdmin, loginAsParent } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { seatedSession } from '../support/seated-session';
import { chooseOption } from '../support/select';

/**
 * From the scoring grid staff open one registrant's health data, are stopped by a height out of range, save,
 * reload and find it saved. On the test schedule they print that registrant's card, publish it after a
 * confirmation and see it marked as published; the parent then downloads it.
 */
const RUN = Date.now().toString(36);
const NAME = `Ananda Sehat ${RUN}`;

test('staff keep a registrant’s health data; one card printed, published and downloaded by the parent', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const seated = await seatedSession(request, {
    run: `Sehat ${RUN}`,
    session: `Sesi Sehat ${RUN}`,
    children: [NAME],
  });
  const { sessionId, testId, periodId } = seated;
  const r = seated.regs[0]!;
  const number = r.registrationNumber as string;

  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto(`/admin/score_test/detail?id=${sessionId}`);
  const open = page.getByRole('button', { name: `Buka data kesehatan dan BK ${number}` });
  await expect(open).toBeVisible({ timeout: 30_000 });
  await open.click();
  const drawer = page.getByRole('dialog', { name: new RegExp(number) });
  const height = drawer.getByRole('textbox', { name: 'Tinggi badan (cm)' });
  await expect(height).toBeVisible();
  await expect(drawer.getByText('Belum pernah diisi.').first()).toBeVisible();

  await height.fill('400');
  await drawer.getByRole('textbox', { name: 'Berat badan (kg)' }).fill('23,5');
  await chooseOption(page, /Golongan darah/, /^O$/);
  await drawer.getByRole('textbox', { name: 'Alergi' }).fill('Udang');
  await expect(drawer.getByText('Ada perubahan yang belum disimpan.').first()).toBeVisible();
  await drawer.getByRole('button', { name: 'Simpan' }).first().click();
  await expect(drawer.getByText('Tinggi badan harus antara 1 dan 299 cm.')).toBeVisible();
  await height.fill('121,5');
  await drawer.getByRole('button', { name: 'Simpan' }).first().click();
  await expect(page.getByText('Data kesehatan tersimpan.').last()).toBeVisible();
  await expect(drawer.getByText(/^Tersimpan /).first()).toBeVisible();
  await expectAccessible(page, 'health data drawer', ['[role="dialog"]']);

  await page.reload();
  await page.getByRole('button', { name: `Buka data kesehatan dan BK ${number}` }).click();
  await expect(height).toHaveValue('121,5');
  await expect(drawer.getByRole('textbox', { name: 'Berat badan (kg)' })).toHaveValue('23,5');
  await expect(drawer.getByRole('textbox', { name: 'Alergi' })).toHaveValue('Udang');
  await expect(drawer.getByRole('combobox', { name: 'Golongan darah' })).toHaveValue('O');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // The schedule: print this registrant's card, then publish it.
  await page.goto(`/admin/registrant/test?school_period_id=${periodId}&mst_test_id=${testId}`);
  const print = page.getByRole('button', { name: /^Cetak kartu tes / });
  await expect(print).toBeVisible({ timeout: 30_000 });
  const printed = page.waitForEvent('download');
  await print.click();
  const pdf = await printed;
  expect(pdf.suggestedFilename()).toBe(`Kartu Tes ${number}.pdf`);
  expect(
    readFileSync(await pdf.path())
      .subarray(0, 4)
      .toString(),
  ).toBe('%PDF');
  await page.getByRole('button', { name: /^Terbitkan kartu tes / }).click();
  await page
    .getByRole('dialog', { name: 'Terbitkan kartu tes?' })
    .getByRole('button', { name: 'Terbitkan' })
    .click();
  await expect(page.getByText('Kartu tes diterbitkan.').last()).toBeVisible();
  await expect(page.getByText('Kartu terbit')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Terbitkan kartu tes / })).toHaveCount(0);

  const parentContext = await browser.newContext();
  const parentPage = await parentContext.newPage();
  await loginAsParent(parentPage, r.parent.email, r.parent.password);
  await expect(parentPage.getByTestId('registrant-card')).toBeVisible();
  await parentPage.getByRole('button', { name: 'Detail' }).click();
  await expect(parentPage.getByTestId('registrant-status')).toBeVisible();
  const download = parentPage.waitForEvent('download');
  await parentPage.getByRole('button', { name: 'Unduh Kartu Tes' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`Kartu Tes ${number}.pdf`);
  expect(
    readFileSync(await file.path())
      .subarray(0, 4)
      .toString(),
  ).toBe('%PDF');
  await parentContext.close();
});
