import { expect, test } from '@playwright/test';
import { DEMO, loginAsAdmin } from '../support/accounts';
import { seatedSession } from '../support/seated-session';
import { chooseOption } from '../support/select';
import { openFromSidebar } from '../support/sidebar';

/**
 * The demo teacher's menu leads to working pages: Jadwal Tes/Observasi lists the seated registrants of a
 * period and test type, Penilaian Tes offers the session and opens its scoring grid.
 */
const RUN = `guru${Date.now().toString(36)}`;
const SESSION = `Sesi Guru ${RUN}`;

test('the demo teacher sees the test schedule and scores a session from the menu', async ({
  page,
  request,
}) => {
  test.slow();
  const { regs, periodName, testName } = await seatedSession(request, {
    run: RUN,
    session: SESSION,
    children: [0, 1, 2].map((i) => `Ananda Guru ${RUN} ${i}`),
  });

  await loginAsAdmin(page, DEMO.teacher.username, DEMO.teacher.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);

  await openFromSidebar(page, 'Jadwal Tes/Observasi');
  await chooseOption(page, /^Periode Pendaftaran/, periodName);
  await chooseOption(page, /^Tipe Tes/, testName);
  for (const r of regs)
    await expect(page.getByRole('row').filter({ hasText: r.registrationNumber })).toContainText(SESSION);
  await expect(page.getByText('3 calon murid terjadwal, 0 belum.')).toBeVisible();

  await openFromSidebar(page, 'Penilaian Tes');
  await chooseOption(page, /^Sesi Tes/, new RegExp(`^${SESSION}`));
  await page.getByRole('button', { name: 'Buka Penilaian' }).click();
  await expect(page.getByRole('heading', { name: `Penilaian: ${SESSION}` })).toBeVisible({ timeout: 30_000 });
  for (const r of regs) await expect(page.getByText(r.registrationNumber)).toBeVisible();
});
