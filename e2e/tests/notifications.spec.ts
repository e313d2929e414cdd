import { expect, test } from '@playwright/test';
import { DEMO, loginAsAdmin, loginAsParent, newParentWithRegistrant, newVoucher } from '../support/accounts';
import { expectAccessible } from '../support/axe';

/**
 * Staff send a test-schedule notification to the registrants of one school: they see how many and the
 * rendered message first, the send runs as a job with progress, and the parent finds the message under the
 * bell on /home.
 */

test('a schedule notification sent to a filtered audience reaches the parent bell', async ({
  browser,
  request,
}) => {
  // Two actors, two logins, a background send and two accessibility scans: on a loaded 2-core runner the
  // cold page loads alone approach the default minute.
  test.slow();
  const parent = await newParentWithRegistrant(request, await newVoucher(request));
  const note = `Ruang ${Date.now().toString(36)}`;

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await loginAsAdmin(staff, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(staff).toHaveURL(/\/admin\/dashboard/);
  await staff.goto('/admin/test_announcement');
  await expect(staff.getByRole('heading', { name: 'Notifikasi Jadwal Tes/Observasi' })).toBeVisible();

  // The audience form to the top of the window first: a list opening at its bottom edge may be covered.
  await staff
    .getByRole('heading', { name: 'Penerima' })
    .evaluate((h) => h.scrollIntoView({ block: 'start' }));
  await staff.getByRole('combobox', { name: 'Sekolah', exact: true }).fill('SD Harapan');
  await staff.getByRole('option', { name: /^SD Harapan Bangsa/ }).click();
  await staff.getByLabel('Tanggal ({tanggal})').fill('07/12/2026');
  await staff.getByLabel('Tanggal ({tanggal})').press('Tab');
  await staff.getByLabel('Keterangan ({keterangan})').fill(note);
  await staff.getByRole('button', { name: 'Lihat Pratinjau' }).click();

  const preview = staff.getByTestId('notification-preview');
  await expect(preview).toContainText(/\d+ calon murid akan menerima pesan ini/);
  await expect(preview).toContainText('Senin, 7 Desember 2026');
  await expect(preview).toContainText(note);
  await expect(preview).not.toContainText('{nama}');
  // The screen itself (the staff console's frame is not part of this change).
  await expectAccessible(staff, '/admin/test_announcement with a preview', ['main']);

  await preview.getByRole('button', { name: /^Kirim ke \d+ calon murid$/ }).click();
  const confirm = staff.getByRole('dialog');
  await expect(confirm).toContainText('Kirim notifikasi?');
  await confirm.getByRole('button', { name: 'Kirim' }).click();
  const progress = staff.getByTestId('send-progress');
  await expect(progress).toContainText('Selesai', { timeout: 30_000 });
  await expect(staff.getByTestId('delivery-log')).toContainText(parent.name);

  // The jobs page lists the send as done.
  await staff.goto('/admin/jobs');
  await expect(staff.getByTestId('jobs-table')).toContainText('Notifikasi Jadwal Tes/Observasi');
  await expect(staff.getByTestId('jobs-table')).toContainText('Selesai');
  await expectAccessible(staff, '/admin/jobs', ['main']);
  await staffContext.close();

  const parentContext = await browser.newContext();
  const home = await parentContext.newPage();
  await loginAsParent(home, parent.email, parent.password);
  const bell = home.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifikasi, 1 belum dibaca');
  await bell.click();
  const list = home.getByTestId('notification-list');
  await expect(list).toContainText(note);
  await expect(list).toContainText('Senin, 7 Desember 2026');
  await expectAccessible(home, '/home with the messages open', ['main', '[data-testid="notification-list"]']);
  await list.getByRole('button', { name: 'Tandai semua sudah dibaca' }).click();
  await expect(bell).toHaveAccessibleName('Notifikasi');
  await parentContext.close();
});
