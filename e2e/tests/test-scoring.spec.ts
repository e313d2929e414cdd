import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, loginAsAdmin, loginAsParent } from '../support/accounts';
import { seatedSession } from '../support/seated-session';

/**
 * Staff choose a session's subjects and score ranges (Data Tes → Mata Uji), score the whole session from the
 * keyboard (type, arrows, Enter, a pasted column, a wrong value marked and corrected), see every cell saved,
 * reload and find the scores; then publish the session's test cards and the parent downloads theirs from the
 * registrant page.
 */
const RUN = Date.now().toString(36);
const SESSION = `Sesi Nilai ${RUN}`;
const MATH = `Matematika ${RUN}`;
const TALK = `Wawancara ${RUN}`;

/** Data Tes → the session's Mata Uji drawer: two subjects 0–100 (a third row added, then removed), saved. */
async function chooseSubjects(page: Page, periodId: number) {
  await page.goto(`/admin/mst_test_detail?school_period_id=${periodId}`);
  const open = page.getByRole('button', { name: `Mata Uji ${SESSION}`, exact: true });
  await open.waitFor();
  await open.click();
  const drawer = page.getByRole('dialog', { name: `Mata Uji: ${SESSION}` });
  await expect(drawer.getByTestId('subjects-default')).toBeVisible();
  for (const [i, name] of [MATH, TALK].entries()) {
    await drawer.getByRole('button', { name: 'Tambah Mata Uji' }).click();
    await drawer.getByRole('combobox', { name: `Mata pelajaran baris ${i + 1}` }).fill(name);
    await page.getByRole('option', { name, exact: true }).click();
  }
  await drawer.getByRole('button', { name: 'Tambah Mata Uji' }).click();
  await drawer.getByRole('button', { name: 'Hapus baris 3' }).click();
  await page.getByRole('dialog', { name: 'Hapus mata uji?' }).getByRole('button', { name: 'Hapus' }).click();
  await expect(drawer.getByRole('combobox', { name: 'Mata pelajaran baris 3' })).toHaveCount(0);
  await expect(drawer.getByRole('textbox', { name: `Nilai maksimum ${TALK}` })).toHaveValue('100');
  await expect(drawer.getByTestId('subjects-save-state')).toHaveText('Ada perubahan belum disimpan');
  await drawer.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Mata uji sesi tersimpan.').last()).toBeVisible();
  await expect(drawer.getByTestId('subjects-save-state')).toHaveText('Tersimpan');
  await expect(drawer.getByTestId('subjects-default')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
}

const cell = (page: Page, subject: string, number: string) =>
  page.getByRole('textbox', { name: `Nilai ${subject} ${number}`, exact: true });

test('staff score a session from the keyboard; the parent downloads the published test card', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const { regs, periodId } = await seatedSession(request, {
    run: `Nilai ${RUN}`,
    session: SESSION,
    children: [0, 1, 2].map((i) => `Ananda Nilai ${RUN} ${i}`),
    subjects: [MATH, TALK],
  });
  const numbers = regs.map((r) => r.registrationNumber).sort();
  const [a, b, c] = numbers as [string, string, string];

  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await chooseSubjects(page, periodId);
  await page.goto('/admin/score_test');
  await page.getByRole('combobox', { name: 'Sesi Tes' }).fill(SESSION);
  await page.getByRole('option', { name: new RegExp(`^${SESSION}`) }).click();
  await page.getByRole('button', { name: 'Buka Penilaian' }).click();
  // The grid's chunk loads on first visit; on a busy machine that can take longer than the default wait.
  await expect(page.getByRole('heading', { name: `Penilaian: ${SESSION}` })).toBeVisible({ timeout: 30_000 });

  // Type, Enter moves down, ArrowRight moves across, ArrowUp moves up.
  await cell(page, MATH, a).click();
  await page.keyboard.type('80');
  await page.keyboard.press('Enter');
  await expect(cell(page, MATH, b)).toBeFocused();
  await page.keyboard.type('75,5');
  await page.keyboard.press('ArrowRight');
  await expect(cell(page, TALK, b)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(cell(page, TALK, a)).toBeFocused();

  // A column pasted from a spreadsheet fills down from the focused cell.
  await cell(page, TALK, a).evaluate((el) => {
    const data = new DataTransfer();
    data.setData('text/plain', '60\r\n70\r\n85\r\n');
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(cell(page, TALK, c)).toHaveValue('85');

  // A value out of range is marked and not sent; correcting it saves it.
  await cell(page, MATH, c).click();
  await page.keyboard.type('150');
  await expect(cell(page, MATH, c)).toHaveAttribute('aria-invalid', 'true');
  // The reason is written under the cell, where a tablet user sees it without hovering.
  await expect(page.getByTestId('cell-problem')).toBeVisible();
  await expect(page.getByTestId('cell-problem')).toContainText(/100/);
  await expect(page.getByTestId('score-save-state')).toContainText('1 nilai tidak valid');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('90');
  await expect(page.getByTestId('score-save-state')).toContainText('Semua nilai tersimpan');

  await page.reload();
  await expect(cell(page, MATH, a)).toHaveValue('80');
  await expect(cell(page, MATH, b)).toHaveValue('75,5');
  await expect(cell(page, MATH, c)).toHaveValue('90');
  await expect(cell(page, TALK, a)).toHaveValue('60');
  await expect(cell(page, TALK, b)).toHaveValue('70');
  await expect(cell(page, TALK, c)).toHaveValue('85');
  await expect(page.getByTestId('score-save-state')).toContainText('Semua nilai tersimpan');

  // Publish the session's cards (after a confirmation).
  await page.getByRole('button', { name: 'Terbitkan Kartu Tes' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Terbitkan' }).click();
  await expect(page.getByText('3 kartu tes diterbitkan.').last()).toBeVisible();

  // The parent downloads their card from the registrant page.
  const reg = regs[0]!;
  const parentContext = await browser.newContext();
  const parentPage = await parentContext.newPage();
  await loginAsParent(parentPage, reg.parent.email, reg.parent.password);
  await expect(parentPage.getByTestId('registrant-card')).toBeVisible();
  await parentPage.getByRole('button', { name: 'Detail' }).click();
  await expect(parentPage.getByTestId('registrant-status')).toBeVisible();
  const download = parentPage.waitForEvent('download');
  await parentPage.getByRole('button', { name: 'Unduh Kartu Tes' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`Kartu Tes ${reg.registrationNumber}.pdf`);
  expect(
    readFileSync(await file.path())
      .subarray(0, 4)
      .toString(),
  ).toBe('%PDF');
  await parentContext.close();
});
