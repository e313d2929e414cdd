import { expect, type Locator, type Page, test } from '@playwright/test';
import { type ColumnDecl, schoolResource } from '@psb/contracts';
import ExcelJS from 'exceljs';
import { DEMO, loginAsAdmin } from '../support/accounts';
import { openFromSidebar } from '../support/sidebar';

const run = `${Date.now()}`.slice(-6);
const names = {
  school: `SD Uji ${run}`,
  grade: `Jenjang Uji ${run}`,
  class: `Kelas Uji ${run}`,
  period: `Gelombang Uji ${run}`,
};
// A school year no seed or earlier run uses (the format is YYYY/YYYY).
const year = 2100 + (Number(run) % 800);
const schoolYear = `${year}/${year + 1}`;

async function signInAsSuperadmin(page: Page) {
  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
}

async function openCreateForm(page: Page, button: string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A relation picker: type to search the related resource on the server, then take the match. */
async function pick(page: Page, dialog: Locator, label: string, search: string) {
  await dialog.getByRole('combobox', { name: label, exact: true }).fill(search);
  await page.getByRole('option', { name: new RegExp(`^${search}`) }).click();
}

async function saveAndExpectSuccess(page: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Data berhasil disimpan.').last()).toBeVisible();
}

function table(page: Page) {
  return page.getByTestId('resource-table');
}

test('a superadmin creates a school, school year, grade, class and registration period through the UI', async ({
  page,
}) => {
  // A whole journey through many screens: allowed three times the usual timeout on a busy machine.
  test.slow();
  await signInAsSuperadmin(page);
  const sidebar = page.getByTestId('admin-sidebar');
  await expect(sidebar.getByText('Manajemen Data', { exact: true })).toBeVisible();
  await expect(sidebar.getByText('Manajemen Sekolah', { exact: true })).toBeVisible();
  await expect(page.getByTestId('admin-dashboard')).toContainText('Selamat datang, Admin Yayasan');
  await expect(page.getByTestId('count-school')).toHaveText(/^\d+$/);

  // School: the form validates with the declaration's schema before anything is sent.
  await openFromSidebar(page, 'Sekolah');
  await expect(page).toHaveURL(/\/admin\/school(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Data Sekolah' })).toBeVisible();
  let dialog = await openCreateForm(page, 'Tambah Sekolah');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog.getByText('Nama sekolah wajib diisi.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Nama Sekolah', exact: true }).fill(names.school);
  await dialog.getByRole('textbox', { name: 'NPSN', exact: true }).fill(`7${run.padStart(7, '0')}`);
  await dialog.getByRole('combobox', { name: 'Jenjang Pendidikan', exact: true }).click();
  await page.getByRole('option', { name: 'SD', exact: true }).click();
  await saveAndExpectSuccess(page, dialog);
  await page.getByTestId('resource-search').fill(names.school);
  await expect(table(page).getByRole('row', { name: new RegExp(names.school) })).toBeVisible();

  // A duplicate name is refused by the server (409) and shown as Gagal.
  dialog = await openCreateForm(page, 'Tambah Sekolah');
  await dialog.getByRole('textbox', { name: 'Nama Sekolah', exact: true }).fill(names.school);
  await dialog.getByRole('combobox', { name: 'Jenjang Pendidikan', exact: true }).click();
  await page.getByRole('option', { name: 'SD', exact: true }).click();
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Nama sekolah sudah digunakan', { exact: false }).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Batal' }).click();

  // School year.
  await openFromSidebar(page, 'Tahun Ajaran');
  dialog = await openCreateForm(page, 'Tambah Tahun Ajaran');
  await dialog.getByRole('textbox', { name: 'Tahun Ajaran', exact: true }).fill(schoolYear);
  await dialog.getByLabel('Tanggal Mulai').fill(`${year}-07-01`);
  await dialog.getByLabel('Tanggal Selesai').fill(`${year + 1}-06-30`);
  await saveAndExpectSuccess(page, dialog);
  await page.getByTestId('resource-search').fill(schoolYear);
  await expect(
    table(page).getByRole('row', { name: new RegExp(`${schoolYear}.*1 Juli ${year}`) }),
  ).toBeVisible();

  // Grade of the new school (relation picker searching schools).
  await openFromSidebar(page, 'Jenjang');
  dialog = await openCreateForm(page, 'Tambah Jenjang');
  await dialog.getByRole('textbox', { name: 'Nama Jenjang', exact: true }).fill(names.grade);
  await pick(page, dialog, 'Sekolah', names.school);
  await saveAndExpectSuccess(page, dialog);
  await page.getByTestId('resource-search').fill(names.grade);
  await expect(
    table(page).getByRole('row', { name: new RegExp(`${names.grade}.*${names.school}`) }),
  ).toBeVisible();

  // Class of that grade: the list shows the school through class → grade → school.
  await openFromSidebar(page, 'Kelas');
  dialog = await openCreateForm(page, 'Tambah Kelas');
  await dialog.getByRole('textbox', { name: 'Nama Kelas', exact: true }).fill(names.class);
  await pick(page, dialog, 'Jenjang', names.grade);
  await saveAndExpectSuccess(page, dialog);
  await page.getByTestId('resource-search').fill(names.class);
  await expect(
    table(page).getByRole('row', { name: new RegExp(`${names.class}.*${names.grade}.*${names.school}`) }),
  ).toBeVisible();

  // Registration period of the school in the new year.
  await openFromSidebar(page, 'Periode Pendaftaran');
  dialog = await openCreateForm(page, 'Tambah Periode Pendaftaran');
  await pick(page, dialog, 'Sekolah', names.school);
  await pick(page, dialog, 'Tahun Ajaran', schoolYear);
  await dialog.getByRole('textbox', { name: 'Nama Periode', exact: true }).fill(names.period);
  await dialog.getByLabel('Tanggal Mulai').fill(`${year}-01-05`);
  await dialog.getByLabel('Tanggal Selesai').fill(`${year}-03-31`);
  await dialog.getByRole('textbox', { name: 'Kuota', exact: true }).fill('30');
  await saveAndExpectSuccess(page, dialog);
  await page.getByTestId('resource-search').fill(names.period);
  await expect(
    table(page).getByRole('row', { name: new RegExp(`${names.period}.*${names.school}.*${schoolYear}.*30`) }),
  ).toBeVisible();

  // Archive the class (confirmation), find it on /nonactive, restore it (confirmation).
  await openFromSidebar(page, 'Kelas');
  await page.getByTestId('resource-search').fill(names.class);
  await page.getByRole('button', { name: `Arsipkan ${names.class}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Arsipkan data ini?' });
  await confirm.getByRole('button', { name: 'Arsipkan' }).click();
  await expect(page.getByText('Data berhasil diarsipkan.').last()).toBeVisible();
  await expect(table(page).getByText('Tidak ada data yang cocok.')).toBeVisible();
  // The page's own link (the sidebar has one for registrants too).
  await page.getByRole('main').getByRole('link', { name: 'Data Non-Aktif' }).click();
  await expect(page).toHaveURL(/\/admin\/mst_class\/nonactive$/);
  await expect(page.getByRole('heading', { name: 'Data Kelas Non-Aktif' })).toBeVisible();
  await page.getByTestId('resource-search').fill(names.class);
  await page.getByRole('button', { name: `Pulihkan ${names.class}` }).click();
  await page
    .getByRole('dialog', { name: 'Pulihkan data ini?' })
    .getByRole('button', { name: 'Pulihkan' })
    .click();
  await expect(page.getByText('Data berhasil dipulihkan.').last()).toBeVisible();
  await expect(table(page).getByText('Tidak ada data yang cocok.')).toBeVisible();
  await page.getByRole('link', { name: 'Data Aktif' }).click();
  await page.getByTestId('resource-search').fill(names.class);
  await expect(table(page).getByRole('row', { name: new RegExp(names.class) })).toBeVisible();
});

test('a superadmin exports the school list and the file opens with the declared header row', async ({
  page,
}, testInfo) => {
  await signInAsSuperadmin(page);
  await openFromSidebar(page, 'Sekolah');
  await expect(table(page).getByRole('row').nth(1)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Ekspor Excel' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${schoolResource.exportFileName}.xlsx`);
  const file = testInfo.outputPath('sekolah.xlsx');
  await download.saveAs(file);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const declared: readonly ColumnDecl[] = schoolResource.columns;
  expect(header).toEqual(declared.filter((c) => c.export !== false).map((c) => c.label));
  const firstColumn = sheet.getColumn(1).values.slice(2).map(String);
  expect(firstColumn).toContain('SD Harapan Bangsa');
});

test('a teacher with read-only access to schools sees no change buttons and the api refuses changes', async ({
  page,
}) => {
  await loginAsAdmin(page, DEMO.teacher.username, DEMO.teacher.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  const sidebar = page.getByTestId('admin-sidebar');
  await expect(sidebar.getByRole('link', { name: 'Sekolah', exact: true })).toBeVisible();
  // No read on Pengguna or Hak Akses: not in the menu.
  await expect(sidebar.getByRole('link', { name: 'Pengguna', exact: true })).toHaveCount(0);
  await expect(sidebar.getByRole('link', { name: 'Hak Akses', exact: true })).toHaveCount(0);

  await openFromSidebar(page, 'Sekolah');
  await expect(table(page).getByRole('row', { name: /SD Harapan Bangsa/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Tambah/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Ubah / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Arsipkan / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Ekspor Excel' })).toBeVisible();

  // Trying anyway with the teacher's own admin token: the server is the authority.
  const login = await page.request.post('/api/v1/public/login', {
    data: { username: DEMO.teacher.username, password: DEMO.teacher.password, type: 'admin' },
  });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const list = await page.request.get('/api/v1/schools', { headers });
  expect(list.status()).toBe(200);
  const someId = ((await list.json()) as { data: { id: number }[] }).data[0]!.id;
  const created = await page.request.post('/api/v1/school', {
    headers,
    data: { name: `Sekolah Guru ${run}`, level: 'SD' },
  });
  expect(created.status()).toBe(403);
  expect(
    (await page.request.put(`/api/v1/school/${someId}`, { headers, data: { name: 'X' } })).status(),
  ).toBe(403);
  expect((await page.request.delete(`/api/v1/school/${someId}`, { headers })).status()).toBe(403);
});
