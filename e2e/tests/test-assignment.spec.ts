import { expect, test } from '@playwright/test';
import { sampleAnswers } from '@psb/contracts';
import { DEMO, loginAsAdmin, loginAsParent } from '../support/accounts';
import { registrantInOwnPeriod } from '../support/own-period';

/**
 * Staff seat a submitted registrant automatically from the Assign Tes screen; the parent then sees the
 * schedule (date, WIB time, room, what to bring) on the home card and on the registrant page.
 */
const run = Date.now().toString(36);

test('staff assign a registrant automatically and the parent sees the schedule on /registrant', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const { parent, staffToken, registrantId, registrationNumber, periodId } = await registrantInOwnPeriod(
    request,
    `Gelombang Tes ${run}`,
  );
  // --- The registrant submits its form (through the api: the form is covered elsewhere) ------------------------
  const login = await (
    await request.post('/api/v1/public/login', {
      data: { username: parent.email, password: parent.password },
    })
  ).json();
  const asParent = { Authorization: `Bearer ${login.token}` };
  const answers = { ...sampleAnswers(), '1': `Ananda Tes ${run}` };
  expect(
    (
      await request.post('/api/v1/registrant_answer', {
        headers: asParent,
        data: { registrant_id: registrantId, data: answers },
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await request.post(`/api/v1/registrant/submit/${registrantId}`, { headers: asParent, data: {} })
    ).status(),
  ).toBe(200);

  // --- A test type, a room and a session of the period, as staff set them up --------------------------------
  const asStaff = { Authorization: `Bearer ${staffToken}` };
  const post = async (path: string, data: Record<string, unknown>) => {
    const res = await request.post(`/api/v1/${path}`, { headers: asStaff, data });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).data.id as number;
  };
  const testId = await post('mst_test', {
    name: `Tes Tertulis ${run}`,
    bring_items: 'Pensil 2B dan kartu tes',
  });
  const roomId = await post('mst_room', { name: `Ruang Tes ${run}`, capacity: 20, location: 'Gedung B' });
  const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  await post('mst_test_detail', {
    name: `Sesi Pagi ${run}`,
    mst_test_id: testId,
    school_period_id: periodId,
    mst_room_id: roomId,
    test_date: day,
    start_time: '08:00',
    end_time: '10:00',
    quota: 10,
  });

  // --- Staff: Assign Tes, the registrant placed automatically -----------------------------------------------
  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto(`/admin/assign_test?school_period_id=${periodId}&mst_test_id=${testId}`);
  // The remote and the engine's screens load on first use: allow for a cold start.
  await expect(page.getByTestId(/^session-/)).toContainText('10 kursi kosong', { timeout: 60_000 });
  const row = page.getByRole('row').filter({ hasText: registrationNumber });
  await expect(row).toContainText('Belum terjadwal');
  await row.getByRole('checkbox', { name: `Pilih Ananda Tes ${run}` }).check();
  await page.getByRole('button', { name: 'Jadwalkan Otomatis (1)' }).click();
  await expect(page.getByText('1 calon murid berhasil dijadwalkan.')).toBeVisible();
  await expect(row).toContainText(`Sesi Pagi ${run}`);
  await expect(row).toContainText('08.00–10.00 WIB');
  await expect(row).toContainText('Otomatis');
  await expect(page.getByTestId(/^session-/)).toContainText('terisi 1 dari 10');

  // --- The parent: the schedule on the home card and on the registrant page --------------------------------
  const parentPage = await (await browser.newContext()).newPage();
  await loginAsParent(parentPage, parent.email, parent.password);
  const card = parentPage.getByTestId('registrant-card');
  await expect(card.getByTestId('test-schedule')).toContainText(`Tes Tertulis ${run}`, { timeout: 30_000 });
  await card.getByRole('button', { name: 'Detail' }).click();
  await expect(parentPage).toHaveURL(/\/registrant$/);
  const schedule = parentPage.getByTestId('test-schedule');
  await expect(schedule).toContainText(`Tes Tertulis ${run}`);
  await expect(schedule).toContainText('pukul 08.00–10.00 WIB');
  await expect(schedule).toContainText(`Ruang Tes ${run} (Gedung B)`);
  await expect(schedule).toContainText('Yang perlu dibawa: Pensil 2B dan kartu tes');
});
