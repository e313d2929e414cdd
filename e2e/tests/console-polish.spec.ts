import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, loginAsAdmin } from '../support/accounts';
import { openFromSidebar } from '../support/sidebar';

// A 1280 px desktop, in a browser set to English: the console must still read and take dd/mm/yyyy.
test.use({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });

const run = `${Date.now()}`.slice(-6);
/** School years no seed or other spec uses (the format is YYYY/YYYY). */
const yearFor = (offset: number) => 3000 + ((Number(run) * 2 + offset) % 5000);

async function signInAsSuperadmin(page: Page) {
  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
}

const table = (page: Page) => page.getByTestId('resource-table');

test('a school year takes its dates typed as dd/mm/yyyy and shows them in Indonesian', async ({ page }) => {
  const year = yearFor(0);
  await signInAsSuperadmin(page);
  await openFromSidebar(page, 'Tahun Ajaran');
  await page.getByRole('button', { name: 'Tambah Tahun Ajaran' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tambah Tahun Ajaran' });
  await dialog.getByRole('textbox', { name: 'Tahun Ajaran', exact: true }).fill(`${year}/${year + 1}`);

  const start = dialog.getByLabel('Tanggal Mulai');
  await start.fill(`15/07/${year}`);
  // The calendar opened by the input speaks Indonesian, whatever the browser's language.
  await expect(page.getByRole('button', { name: `Juli ${year}`, exact: true })).toBeVisible();
  await start.press('Tab');
  await expect(start).toHaveValue(`15/07/${year}`);

  const end = dialog.getByLabel('Tanggal Selesai');
  await end.fill(`30/06/${year + 1}`);
  await end.press('Tab');
  await expect(end).toHaveValue(`30/06/${year + 1}`);

  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toBeHidden();
  await page.getByTestId('resource-search').fill(`${year}/${year + 1}`);
  const row = table(page)
    .locator('tbody tr')
    .filter({ hasText: `${year}/${year + 1}` });
  await expect(row).toContainText(`15 Juli ${year}`);
  await expect(row).toContainText(`30 Juni ${year + 1}`);

  // Editing shows the stored day back in dd/mm/yyyy.
  await row.getByRole('button', { name: `Ubah ${year}/${year + 1}` }).click();
  const edit = page.getByRole('dialog', { name: 'Ubah Tahun Ajaran' });
  await expect(edit.getByLabel('Tanggal Mulai')).toHaveValue(`15/07/${year}`);
  // A day that does not exist is not taken.
  await edit.getByLabel('Tanggal Mulai').fill(`31/02/${year}`);
  await edit.getByLabel('Tanggal Mulai').press('Tab');
  await expect(edit.getByLabel('Tanggal Mulai')).toHaveValue(`15/07/${year}`);
});

test('the filters of the hand-written console screens take dd/mm/yyyy too, and filter by that day', async ({
  page,
}) => {
  await signInAsSuperadmin(page);
  const screens = [
    { path: '/admin/registrant', label: 'Didaftarkan dari', param: 'date_from' },
    { path: '/admin/registrant/payment', label: 'Dibuat dari', param: 'filter_date_from' },
  ];
  for (const { path, label, param } of screens) {
    await page.goto(path);
    const from = page.getByRole('textbox', { name: label, exact: true });
    await from.fill('01/07/2026');
    await from.press('Tab');
    // The list's filters live in the URL, so the typed day must arrive there as the stored form.
    await expect(page).toHaveURL(new RegExp(`[?&]${param}=2026-07-01`));
    await expect(from).toHaveValue('01/07/2026');
    await expect(page.locator('input[type="date"]')).toHaveCount(0);
  }
  // The reconciliation range starts at today and is shown the Indonesian way.
  await page.goto('/admin/uangsekolah/rekonsiliasi');
  await expect(page.getByRole('textbox', { name: 'Dari tanggal' })).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(page.locator('input[type="date"]')).toHaveCount(0);
});

test('an archived record is shown as archived on the non-active list, not as "Aktif: Ya"', async ({
  page,
}) => {
  const year = yearFor(1);
  const name = `${year}/${year + 1}`;
  await signInAsSuperadmin(page);
  const login = await page.request.post('/api/v1/public/login', {
    data: { username: DEMO.superadmin.username, password: DEMO.superadmin.password, type: 'admin' },
  });
  const { token } = (await login.json()) as { token: string };
  const created = await page.request.post('/api/v1/school_year', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, start_date: `${year}-07-01`, end_date: `${year + 1}-06-30`, is_active: false },
  });
  expect(created.status()).toBe(201);

  await openFromSidebar(page, 'Tahun Ajaran');
  await page.getByTestId('resource-search').fill(name);
  const archive = page.getByRole('button', { name: `Arsipkan ${name}` });
  // The action column stays on screen at 1280 px.
  await expect(archive).toBeInViewport();
  await archive.click();
  await page
    .getByRole('dialog', { name: 'Arsipkan data ini?' })
    .getByRole('button', { name: 'Arsipkan' })
    .click();
  await expect(table(page).locator('tbody tr').filter({ hasText: name })).toHaveCount(0);

  // The page's own link (the sidebar has one for registrants too).
  await page.getByRole('main').getByRole('link', { name: 'Data Non-Aktif' }).click();
  await expect(page.getByRole('heading', { name: 'Data Tahun Ajaran Non-Aktif' })).toBeVisible();
  await page.getByTestId('resource-search').fill(name);
  const row = table(page).locator('tbody tr').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Diarsipkan');
  await expect(row).not.toContainText('Ya');
  await expect(table(page).getByRole('columnheader', { name: 'Aktif' })).toHaveCount(0);
  await expect(table(page).getByRole('columnheader', { name: 'Status' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Pulihkan ${name}` })).toBeInViewport();
});

test('a voucher code is copied with one click and the listed vouchers print as a PDF of slips', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const note = `Slip uji ${run}`;
  await signInAsSuperadmin(page);
  await openFromSidebar(page, 'Voucher');
  await expect(page.getByRole('heading', { name: 'Data Voucher' })).toBeVisible();

  await page.getByRole('button', { name: 'Buat Voucher' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buat Voucher' });
  await dialog.getByLabel(/^Jumlah voucher/).fill('12');
  await dialog.getByRole('combobox', { name: 'Tahun Ajaran', exact: true }).fill('2027');
  await page.getByRole('option', { name: /^2027\/2028/ }).click();
  await dialog.getByLabel('Catatan').fill(note);
  await dialog.getByRole('button', { name: 'Buat' }).click();
  await expect(page.getByText('12 voucher berhasil dibuat.')).toBeVisible();

  await page.getByTestId('resource-search').fill(note);
  const rows = table(page).locator('tbody tr');
  await expect(rows).toHaveCount(12);
  const code = ((await rows.first().locator('td').first().textContent()) ?? '').trim();
  expect(code).toMatch(/^[A-Z2-9]{10}$/);
  await expect(rows.first().getByRole('button', { name: `Arsipkan ${code}` })).toBeInViewport();

  await rows
    .first()
    .getByRole('button', { name: `Salin ${code}` })
    .click();
  await expect(page.getByRole('tooltip', { name: 'Disalin' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Cetak slip' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Slip-Voucher.pdf');
  const pdf = await readFile((await file.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // Twelve slips at ten per A4 page: two pages.
  expect(pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)).toHaveLength(2);
});

test('staff read role names in Indonesian and wide lists let them choose columns', async ({ page }) => {
  await signInAsSuperadmin(page);
  await expect(page.getByTestId('admin-role')).toHaveText('Superadmin');
  await openFromSidebar(page, 'Voucher');
  await expect(table(page).getByRole('columnheader', { name: 'Catatan' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Kolom' }).click();
  await page.getByRole('checkbox', { name: 'Catatan' }).check();
  await page.keyboard.press('Escape');
  await expect(table(page).getByRole('columnheader', { name: 'Catatan' })).toBeVisible();
  // The choice is remembered in this browser.
  await page.reload();
  await expect(table(page).getByRole('columnheader', { name: 'Catatan' })).toBeVisible();

  await openFromSidebar(page, 'Pengguna');
  await page.getByTestId('resource-search').fill('guru@demo.sch.id');
  await expect(table(page).locator('tbody tr').first()).toContainText('Guru');
  await expect(table(page).locator('tbody tr').first()).not.toContainText('teacher');
});
