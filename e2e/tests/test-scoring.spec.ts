import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, loginAsAdmin, loginAsParent } from '../support/accounts';
import { registrantInOwnPeriod } from '../support/own-period';
import { ownerDb } from '../support/owner-db';

/**
 * Staff score a whole session from the keyboard (type, arrows, Enter, a pasted column, a wrong value marked
 * and corrected), see every cell saved, reload and find the scores; then publish the session's test cards and
 * the parent downloads theirs from the registrant page.
 */
const RUN = Date.now().toString(36);
const SESSION = `Sesi Nilai ${RUN}`;

/** Three registrants seated in a new session with two subjects (seats are assignment's job: written here). */
async function seatedSession(request: Parameters<typeof registrantInOwnPeriod>[0]) {
  const regs = [];
  for (let i = 0; i < 3; i++) regs.push(await registrantInOwnPeriod(request, `Gelombang Nilai ${RUN} ${i}`));
  const db = await ownerDb();
  try {
    const one = async (text: string, values: unknown[] = []) => (await db.query(text, values)).rows[0];
    const first = await one('SELECT tenant_id, school_id FROM registrants WHERE id = $1', [
      regs[0]!.registrantId,
    ]);
    const room = await one(
      'INSERT INTO mst_rooms (tenant_id, school_id, name, capacity) VALUES ($1, $2, $3, 30) RETURNING id',
      [first.tenant_id, first.school_id, `Ruang ${RUN}`],
    );
    const test = await one("SELECT id FROM mst_tests WHERE tenant_id = $1 AND code = 'TT'", [
      first.tenant_id,
    ]);
    const session = await one(
      `INSERT INTO mst_test_details (tenant_id, name, mst_test_id, school_period_id, mst_room_id, test_date,
         start_time, end_time, quota, used_quota)
       VALUES ($1, $2, $3, $4, $5, '2027-01-16', '08:00', '10:00', 30, 3) RETURNING id`,
      [first.tenant_id, SESSION, test.id, regs[0]!.periodId, room.id],
    );
    for (const [i, name] of ['Matematika Tes', 'Wawancara Tes'].entries()) {
      const subject = await one(
        `INSERT INTO mst_subjects (tenant_id, name) VALUES ($1, $2)
         ON CONFLICT (tenant_id, name) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
        [first.tenant_id, name],
      );
      await db.query(
        `INSERT INTO mst_test_detail_subjects (tenant_id, mst_test_detail_id, mst_subject_id, sort_order, min_score, max_score)
         VALUES ($1, $2, $3, $4, 0, 100)`,
        [first.tenant_id, session.id, subject.id, i],
      );
    }
    for (const r of regs) {
      await db.query(
        "UPDATE registrants SET status = 'submitted', is_submit = true, locked = true WHERE id = $1",
        [r.registrantId],
      );
      await db.query(
        `INSERT INTO registrant_tests (tenant_id, registrant_id, school_id, mst_test_detail_id, mst_test_id, assign_method)
         VALUES ($1, $2, $3, $4, $5, 'manual')`,
        [first.tenant_id, r.registrantId, first.school_id, session.id, test.id],
      );
    }
    return { regs, sessionId: session.id as number };
  } finally {
    await db.end();
  }
}

const cell = (page: Page, subject: string, number: string) =>
  page.getByRole('textbox', { name: `Nilai ${subject} ${number}`, exact: true });

test('staff score a session from the keyboard; the parent downloads the published test card', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const { regs } = await seatedSession(request);
  const numbers = regs.map((r) => r.registrationNumber).sort();
  const [a, b, c] = numbers as [string, string, string];

  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto('/admin/score_test');
  await page.getByRole('combobox', { name: 'Sesi Tes' }).fill(SESSION);
  await page.getByRole('option', { name: new RegExp(`^${SESSION}`) }).click();
  await page.getByRole('button', { name: 'Buka Penilaian' }).click();
  // The grid's chunk loads on first visit; on a busy machine that can take longer than the default wait.
  await expect(page.getByRole('heading', { name: `Penilaian: ${SESSION}` })).toBeVisible({ timeout: 30_000 });

  // Type, Enter moves down, ArrowRight moves across, ArrowUp moves up.
  await cell(page, 'Matematika Tes', a).click();
  await page.keyboard.type('80');
  await page.keyboard.press('Enter');
  await expect(cell(page, 'Matematika Tes', b)).toBeFocused();
  await page.keyboard.type('75,5');
  await page.keyboard.press('ArrowRight');
  await expect(cell(page, 'Wawancara Tes', b)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(cell(page, 'Wawancara Tes', a)).toBeFocused();

  // A column pasted from a spreadsheet fills down from the focused cell.
  await cell(page, 'Wawancara Tes', a).evaluate((el) => {
    const data = new DataTransfer();
    data.setData('text/plain', '60\r\n70\r\n85\r\n');
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(cell(page, 'Wawancara Tes', c)).toHaveValue('85');

  // A value out of range is marked and not sent; correcting it saves it.
  await cell(page, 'Matematika Tes', c).click();
  await page.keyboard.type('150');
  await expect(cell(page, 'Matematika Tes', c)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('score-save-state')).toContainText('1 nilai tidak valid');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('90');
  await expect(page.getByTestId('score-save-state')).toContainText('Semua nilai tersimpan');

  await page.reload();
  await expect(cell(page, 'Matematika Tes', a)).toHaveValue('80');
  await expect(cell(page, 'Matematika Tes', b)).toHaveValue('75,5');
  await expect(cell(page, 'Matematika Tes', c)).toHaveValue('90');
  await expect(cell(page, 'Wawancara Tes', a)).toHaveValue('60');
  await expect(cell(page, 'Wawancara Tes', b)).toHaveValue('70');
  await expect(cell(page, 'Wawancara Tes', c)).toHaveValue('85');
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
