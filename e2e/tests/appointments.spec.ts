import { devices, expect, test } from '@playwright/test';
import { DEMO, loginAsAdmin, loginAsParent } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { ownPeriod, registrantIn } from '../support/own-period';

/**
 * On a phone, a parent books an interview slot for their child on the registrant page and moves it to another
 * slot; staff then find the child in that slot on the day's schedule, under its interviewer.
 */
const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
test.use(pixel7);

const RUN = Date.now().toString(36);
const FIRST = `Bu Rina ${RUN}`;
const SECOND = `Pak Joko ${RUN}`;

/** `YYYY-MM-DD` in WIB, `days` from today. */
const dayWib = (days: number) =>
  new Date(Date.now() + 7 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

test('a parent books and moves an interview slot; staff see it on the day’s schedule', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const p = await ownPeriod(request, `Gelombang Wawancara ${RUN}`);
  const r = await registrantIn(request, p);
  const date = dayWib(5);
  const room = await request.post('/api/v1/mst_room', {
    headers: p.headers,
    data: { name: `Ruang Wawancara ${RUN}`, capacity: 10, school_id: p.school.id },
  });
  expect(room.ok(), await room.text()).toBe(true);
  const roomId = (await room.json()).data.id as number;
  const publish = async (interviewer: string, start: string, end: string) => {
    const res = await request.post('/api/v1/appointment_slots', {
      headers: p.headers,
      data: {
        school_period_id: p.period.id,
        kind: 'wawancara',
        slot_date: date,
        start_time: start,
        end_time: end,
        mst_room_id: roomId,
        interviewer,
        capacity: 2,
        booking_opens_at: new Date(Date.now() - 3600_000).toISOString(),
        booking_closes_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        change_cutoff_hours: 24,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  await publish(FIRST, '09:00', '09:30');
  await publish(SECOND, '10:00', '10:30');

  // --- The parent books the first slot, then moves to the second ---------------------------------------------
  await loginAsParent(page, r.parent.email, r.parent.password);
  await page.getByTestId('registrant-card').getByRole('button', { name: 'Detail' }).click();
  await expect(page).toHaveURL(/\/registrant$/);
  const panel = page.getByTestId('appointments');
  const first = panel.getByTestId('appointment-slot').filter({ hasText: FIRST });
  await expect(first).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'appointments on the registrant page', ['[data-testid="appointments"]']);
  await first.getByRole('button', { name: 'Pesan' }).click();
  await expect(page.getByText('Jadwal berhasil dipesan.').last()).toBeVisible();
  const booking = panel.getByTestId('appointment-booking');
  await expect(booking).toContainText(FIRST);

  await booking.getByRole('button', { name: 'Pindah jadwal' }).click();
  const second = panel.getByTestId('appointment-slot').filter({ hasText: SECOND });
  await second.getByRole('button', { name: 'Pindah ke sini' }).click();
  await expect(page.getByText('Jadwal berhasil dipindah.').last()).toBeVisible();
  await expect(booking).toContainText(SECOND);
  await expect(booking).not.toContainText(FIRST);
  await expectAccessible(page, 'the moved booking', ['[data-testid="appointments"]']);

  // --- Staff see the child in the second slot on that day -----------------------------------------------------
  const { defaultBrowserType: _type, ...desktop } = devices['Desktop Chrome'];
  const staff = await (await browser.newContext(desktop)).newPage();
  await loginAsAdmin(staff, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(staff).toHaveURL(/\/admin\/dashboard/);
  await staff.goto(`/admin/appointments?date=${date}`);
  const schedule = staff.getByTestId('day-schedule');
  await expect(schedule).toBeVisible({ timeout: 60_000 });
  const place = schedule.locator('.mantine-Card-root').filter({ hasText: `Ruang Wawancara ${RUN}` });
  const rows = place.getByTestId('day-slot');
  await expect(rows).toHaveCount(2);
  await expect(place.getByText(SECOND)).toBeVisible();
  await expect(place.getByRole('link', { name: r.registrationNumber })).toBeVisible();
  await expect(rows.filter({ hasText: '0/2' })).toHaveCount(1);
  await expect(rows.filter({ hasText: '1/2' })).toHaveCount(1);
  await expectAccessible(staff, 'the day’s appointment schedule', ['main']);

  await staff.getByRole('tab', { name: 'Slot per Periode' }).click();
  await expect(
    staff.getByText('Pilih periode pendaftaran untuk melihat dan menerbitkan slot.'),
  ).toBeVisible();
  await expectAccessible(staff, 'the slots tab', ['main']);
});
