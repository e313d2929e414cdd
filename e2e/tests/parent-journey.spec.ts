import path from 'node:path';
import { devices, expect, type Locator, type Page, test } from '@playwright/test';
import {
  bearer,
  DEMO,
  freshVoucher,
  loginAsAdmin,
  loginAsParent,
  newParent,
  newParentWithRegistrant,
} from '../support/accounts';

// A phone on a weak connection is the parent's usual device (Chromium with Pixel 7 settings).
const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
test.use(pixel7);
test.setTimeout(180_000);

const PHOTO = path.join(__dirname, '..', 'fixtures', 'pas-foto.png');
const SHOTS = process.env.E2E_SHOTS;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  await page.waitForTimeout(400); // let dialogs and notifications finish their transitions
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
};

/** Helpers for the registrant form: it is all Mantine inputs, found by their Indonesian labels. */

const field = (scope: Page | Locator, label: string | RegExp) =>
  scope.getByRole('textbox', { name: typeof label === 'string' ? exact(label) : label });

async function choose(page: Page, label: string, option: string | RegExp) {
  const input = page.getByRole('combobox', { name: exact(label) });
  await expect(async () => {
    if ((await input.getAttribute('aria-expanded')) !== 'true') await input.click();
    await page.getByRole('option', { name: option, exact: true }).click({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(input).toHaveValue(option);
}

/** A searchable select: type to filter, then pick. */
async function search(page: Page, label: string, option: string) {
  const input = page.getByRole('combobox', { name: exact(label) });
  await expect(input).toBeEnabled();
  await input.click();
  await input.fill(option.slice(0, Math.min(option.length, 6)));
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(input).toHaveValue(option);
}

async function radio(page: Page, group: string, option: string) {
  await page
    .getByRole('radiogroup', { name: exact(group) })
    .getByLabel(option, { exact: true })
    .check();
}

async function next(page: Page, title: string) {
  await page.getByRole('button', { name: 'Berikutnya' }).click();
  await expect(page.getByRole('heading', { name: title, level: 3 })).toBeVisible();
}

async function address(page: Page, parts: { provinsi: string; kab: string; kec: string; kel: string }) {
  await search(page, 'Provinsi', parts.provinsi);
  await search(page, 'Kabupaten/Kota', parts.kab);
  await search(page, 'Kecamatan', parts.kec);
  await search(page, 'Kelurahan/Desa', parts.kel);
}

/** The whole accessible name (Mantine's required asterisk is hidden from it). */
const exact = (s: string) => new RegExp(`^${escapeRegex(s)}$`);

function escapeRegex(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

const BANDUNG = { provinsi: 'Jawa Barat', kab: 'Kota Bandung', kec: 'Coblong', kel: 'Dago' };

async function parentPage(page: Page, who: 'Ayah' | 'Ibu', name: string) {
  await field(page, `Nama ${who}`).fill(name);
  await radio(page, 'Negara Kelahiran', 'Indonesia');
  await field(page, 'Tanggal Lahir').fill('02031985');
  await choose(page, 'Agama', 'Islam');
  await field(page, 'Alamat').fill('Jl. Ir. H. Juanda No. 10');
  await address(page, BANDUNG);
  await expect(page.getByRole('combobox', { name: /^Kode Pos/ })).toHaveValue('40135');
  await field(page, 'No. HP').fill(who === 'Ayah' ? '081311112222' : '081333334444');
  await choose(page, 'Pendidikan Terakhir', 'D4/S1');
  await choose(page, 'Pekerjaan', 'Lainnya…');
  await field(page, 'Pekerjaan (lainnya)').fill(who === 'Ayah' ? 'Dokter' : 'Guru les');
  await choose(page, 'Penghasilan per Bulan', 'Rp. 5.000.000 - Rp. 20.000.000');
}

test('a new parent redeems a voucher, fills the whole form on a phone through an outage, and submits', async ({
  page,
  context,
  request,
}) => {
  // A whole journey through many screens: allowed three times the usual timeout on a busy machine.
  test.slow();
  const parent = newParent();
  const registered = await request.post('/api/v1/public/register', {
    data: { name: parent.name, email: parent.email, phone_number: parent.phone, password: parent.password },
  });
  expect(registered.status()).toBe(201);
  await loginAsParent(page, parent.email, parent.password);
  await expect(page.getByText('Belum ada calon murid terdaftar')).toBeVisible();
  await shot(page, '01-home-empty');

  // --- Tambah Calon Murid: a used voucher is refused with a clear message, a fresh one works ----------------
  await page.getByRole('button', { name: 'Tambah Calon Murid' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tambah Calon Murid' });
  await dialog.getByLabel(/^Kode Voucher/).fill('demo-sd-0099');
  // Signed in a moment ago: the password is not asked again.
  await expect(dialog.getByLabel(/^Kata sandi akun/)).toHaveCount(0);
  await choose(page, 'Sekolah', 'SD Harapan Bangsa');
  await page.getByRole('combobox', { name: /^Periode pendaftaran/ }).click();
  await page.getByRole('option', { name: /^Gelombang 1/ }).click();
  await choose(page, 'Kelas', /^Kelas 1 · sisa \d+ kursi$/);
  await shot(page, '02-add-registrant');
  await dialog.getByRole('button', { name: 'Tambah' }).click();
  await expect(dialog.getByText('Voucher sudah digunakan.').first()).toBeVisible();
  await dialog.getByLabel(/^Kode Voucher/).fill('DEMO-SD-0001');
  await dialog.getByRole('button', { name: 'Tambah' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId('registrant-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('registration-number')).toHaveText(/^PSB-\d{4}-SD-\d{5}$/);
  await expect(card.getByText('Sedang mengisi formulir')).toBeVisible();
  await shot(page, '03-home-registrant');

  // --- Identitas Calon, page 1 ------------------------------------------------------------------------------
  await card.getByRole('button', { name: 'Isi Formulir' }).click();
  await expect(page).toHaveURL(/\/registrant\/survey$/);
  await expect(page.getByRole('heading', { name: 'Data Pribadi', level: 3 })).toBeVisible();
  await shot(page, '04-survey-calon-empty');
  await field(page, 'Nama Lengkap').fill('Raden Ajeng Kartika Sari');
  const badge = field(page, 'Nama Panggilan (untuk name tag)');
  // The badge name stops at its 14 characters as it is typed.
  await badge.fill('KartikaSariAyu');
  await badge.pressSequentially('X');
  await expect(badge).toHaveValue('KartikaSariAyu');
  await expect(page.getByTestId('counter-2')).toHaveText(/14\/14 karakter/);
  await radio(page, 'Negara Kelahiran', 'Indonesia');
  await search(page, 'Provinsi Kelahiran', 'Jawa Barat');
  await search(page, 'Kota/Kabupaten Kelahiran', 'Kota Bandung');
  await field(page, 'Tanggal Lahir').fill('14052020');
  await expect(field(page, 'Tanggal Lahir')).toHaveValue('14/05/2020');
  await radio(page, 'Jenis Kelamin', 'Perempuan');
  await choose(page, 'Agama', 'Islam');
  await field(page, 'No. Telepon').fill('0227201234');
  await field(page, 'No. HP').fill('0812-3456-7890');
  await expect(field(page, 'No. HP')).toHaveValue('+6281234567890');
  await field(page, 'Alamat').fill('Jl. Ir. H. Juanda No. 10, RT 02/RW 05');
  await address(page, BANDUNG);
  // Dago has one postal code: it is filled in.
  await expect(page.getByRole('combobox', { name: /^Kode Pos/ })).toHaveValue('40135');
  // Changing a higher level clears only the levels below it.
  await search(page, 'Kecamatan', 'Cidadap');
  await expect(page.getByRole('combobox', { name: /^Kelurahan\/Desa/ })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: /^Kode Pos/ })).toHaveValue('');
  await expect(field(page, 'Alamat')).toHaveValue('Jl. Ir. H. Juanda No. 10, RT 02/RW 05');
  await search(page, 'Kecamatan', 'Coblong');
  await search(page, 'Kelurahan/Desa', 'Dago');
  await expect(page.getByRole('combobox', { name: /^Kode Pos/ })).toHaveValue('40135');
  await radio(page, 'Berkebutuhan Khusus', 'Tidak');

  // Required answer left out (blood type): the page does not move on.
  await page.getByRole('button', { name: 'Berikutnya' }).click();
  await expect(page.getByText('Wajib diisi.', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Data Pribadi', level: 3 })).toBeVisible();
  await shot(page, '05-survey-errors');
  await badge.fill('Kartika');
  await expect(page.getByTestId('counter-2')).toHaveText(/7\/14 karakter/);
  await radio(page, 'Golongan Darah', 'O');

  // The photo: a real PNG, checked, uploaded with progress, previewed.
  await page.getByTestId('doc-photo').locator('input[type=file]:not([capture])').setInputFiles(PHOTO);
  await expect(page.getByTestId('doc-photo').getByText('Menunggu verifikasi')).toBeVisible();
  await expect(page.getByTestId('doc-photo').getByRole('img', { name: /Pratinjau pas foto/ })).toBeVisible();
  await shot(page, '06-survey-calon-filled');
  await next(page, 'Pendidikan Sebelumnya');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved');

  // --- page 2: NPSN lookup fills name and city ----------------------------------------------------------------
  await page.getByLabel('NPSN sekolah sebelumnya').fill('20219876');
  await page.getByRole('button', { name: 'Cari' }).click();
  await expect(page.getByTestId('npsn-result')).toContainText('Ditemukan');
  await expect(field(page, 'Nama Sekolah Sebelumnya')).toHaveValue('SD Harapan Bangsa');
  await expect(field(page, 'Kota Sekolah Sebelumnya')).toHaveValue('Kota Bandung');
  // It is the parent's to correct.
  await field(page, 'Nama Sekolah Sebelumnya').fill('TK Tunas Harapan');
  await choose(page, 'Jenjang Terakhir', 'TK');
  await field(page, 'Kelas Terakhir').fill('TK B');
  await shot(page, '07-survey-pendidikan');
  await next(page, 'Saudara');

  // --- page 3: siblings, then the connection drops for two pages --------------------------------------------
  await field(page, 'Anak ke-').fill('2');
  await field(page, 'Jumlah Saudara Kandung').fill('1');
  await radio(page, 'Memiliki saudara di yayasan ini', 'Ya');
  await page.getByLabel('Nama baris 1').fill('Bima Sakti');
  await page.getByLabel('Sekolah baris 1').fill('SD Harapan Bangsa');
  await page.getByLabel('Kelas baris 1').fill('Kelas 4');
  await radio(page, 'Mendaftarkan anak lain bersamaan', 'Tidak');
  await shot(page, '08-survey-saudara');

  await context.setOffline(true);
  await next(page, 'Data Ayah');
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'offline');
  await expect(page.getByTestId('save-status')).toContainText('Belum tersimpan');
  await parentPage(page, 'Ayah', 'Budi Santoso');
  await shot(page, '09-survey-ayah-offline');
  await next(page, 'Data Ibu');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'offline');
  await parentPage(page, 'Ibu', 'Sri Wahyuni');
  await shot(page, '10-survey-ibu-offline');

  // Back online: the queued pages go out by themselves.
  await context.setOffline(false);
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
  await expect(page.getByTestId('offline-banner')).toBeHidden();
  await next(page, 'Data Wali');
  await shot(page, '11-survey-wali');
  await page.getByRole('button', { name: 'Selesai' }).click();
  const done = page.getByRole('dialog', { name: 'Formulir selesai diisi' });
  await expect(done).toContainText('tekan tombol Submit di halaman Beranda');
  await shot(page, '12-survey-done');

  // Nothing was lost: the server has every page, including the two filled in offline.
  const login = await request.post('/api/v1/public/login', {
    data: { username: parent.email, password: parent.password },
  });
  const token = (await login.json()).token as string;
  const auth = { Authorization: `Bearer ${token}` };
  const list = await (await request.get('/api/v1/registrants', { headers: auth })).json();
  const id = list.data[0].id as number;
  const stored = (await (await request.get(`/api/v1/registrant/${id}`, { headers: auth })).json()).data;
  expect(stored.question_answer).toMatchObject({
    '1': 'Raden Ajeng Kartika Sari',
    '2': 'Kartika',
    '4': '2020-05-14',
    '9': '+6281234567890',
    '59': 'Coblong',
    '61': '40135',
    '11': 'TK Tunas Harapan',
    '12': 'Kota Bandung',
    '16': [{ name: 'Bima Sakti', school: 'SD Harapan Bangsa', class: 'Kelas 4' }],
    '52': 2,
    '22': 'Budi Santoso',
    '24': '1985-03-02',
    '30': 'Dokter',
    '67': '40135',
    '32': 'Sri Wahyuni',
    '40': 'Guru les',
    '72': '40135',
  });
  expect(stored.missing_count).toBe(0);
  expect(stored.survey_completed_at).not.toBeNull();
  expect(stored.documents.photo.type).toBe('image/png');

  // --- Submit from /home; the form is then read-only -------------------------------------------------------------
  await done.getByRole('button', { name: 'Ke Beranda' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(card.getByText('Formulir lengkap, belum dikirim')).toBeVisible();
  await card.getByRole('button', { name: 'Submit' }).click();
  await page
    .getByRole('dialog', { name: 'Kirim data calon murid?' })
    .getByRole('button', { name: 'Ya, Kirim' })
    .click();
  await expect(page.getByText('Data calon murid berhasil dikirim. Formulir kini terkunci.')).toBeVisible();
  await expect(card.getByText('Terkirim, menunggu verifikasi')).toBeVisible();
  await shot(page, '13-home-submitted');

  await card.getByRole('button', { name: 'Lihat Formulir' }).click();
  await expect(page.getByTestId('survey-locked')).toBeVisible();
  await expect(field(page, 'Nama Lengkap')).toHaveValue('Raden Ajeng Kartika Sari');
  await expect(field(page, 'Nama Lengkap')).toHaveAttribute('readonly', '');
  await expect(page.getByTestId('doc-photo').getByRole('button')).toHaveCount(0);
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'locked');
  await shot(page, '14-survey-locked');
});

/** A one-page PDF with a line of text, as a scanner might send it. */
function onePagePdf(line: string) {
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>',
    `<</Length ${line.length + 31}>>stream\nBT /F1 18 Tf 30 100 Td (${line}) Tj ET\nendstream`,
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

test("a parent's PDF is a download from the api, yet the parent and staff still see it in the app", async ({
  browser,
  request,
}, info) => {
  // On a computer: a phone's browser hands a PDF to another app instead of showing it.
  const { defaultBrowserType: _type, ...desktop } = devices['Desktop Chrome'];
  const onDesktop = () => browser.newContext({ ...desktop, baseURL: info.project.use.baseURL });
  const parent = await newParentWithRegistrant(request, await freshVoucher(request));
  const home = await onDesktop();
  const page = await home.newPage();
  await loginAsParent(page, parent.email, parent.password);
  await page.getByRole('button', { name: 'Isi Formulir' }).click();
  const akta = page.getByTestId('doc-akta');
  await akta.locator('input[type=file]:not([capture])').setInputFiles({
    name: 'akta-uji.pdf',
    mimeType: 'application/pdf',
    buffer: onePagePdf('AKTA KELAHIRAN UJI'),
  });
  await expect(akta.getByText('Menunggu verifikasi')).toBeVisible();

  // The api answers the file as a download, never as a page of the app's origin.
  const own = await bearer(request, parent.email, parent.password, 'user');
  const id = (await (await request.get('/api/v1/registrants', { headers: own })).json()).data[0].id as number;
  const file = await request.get(`/api/v1/registrant/file/${id}/akta`, { headers: own });
  expect(file.headers()['content-disposition']).toMatch(/^attachment; filename="akta-uji\.pdf"/);
  expect(file.headers()['content-security-policy']).toContain('sandbox');

  // The parent opens it from the app: the file it fetched, in the browser's PDF viewer.
  const link = akta.getByRole('link', { name: 'akta-uji.pdf' });
  await expect(link).toHaveAttribute('href', /^blob:/);
  const [mine] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await expect.poll(() => mine.evaluate(() => document.contentType)).toBe('application/pdf');
  await mine.screenshot({ path: info.outputPath('parent-akta.png') });
  await home.close();

  // Staff open it from the registrant's detail page the same way.
  const staff = await onDesktop();
  const desk = await staff.newPage();
  await loginAsAdmin(desk, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(desk).toHaveURL(/\/admin\/dashboard/);
  await desk.goto(`/admin/registrant/detail?id=${id}`);
  await desk.getByRole('tab', { name: 'Dokumen' }).click();
  const row = desk.locator('.mantine-Group-root', { has: desk.getByText(/^akta-uji\.pdf · diunggah/) });
  const [viewer] = await Promise.all([
    desk.waitForEvent('popup'),
    row.getByRole('button', { name: 'Lihat' }).click(),
  ]);
  await expect.poll(() => viewer.url()).toMatch(/^blob:/);
  await expect.poll(() => viewer.evaluate(() => document.contentType)).toBe('application/pdf');
  await viewer.screenshot({ path: info.outputPath('staff-akta.png') });
  await staff.close();
});

test('submit is unavailable while required answers are missing, listing them', async ({ page, request }) => {
  const parent = newParent();
  await request.post('/api/v1/public/register', {
    data: { name: parent.name, email: parent.email, phone_number: parent.phone, password: parent.password },
  });
  await loginAsParent(page, parent.email, parent.password);
  await page.getByRole('button', { name: 'Tambah Calon Murid' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tambah Calon Murid' });
  await dialog.getByLabel(/^Kode Voucher/).fill('DEMO-ALL-0001');
  await choose(page, 'Sekolah', 'SMP Harapan Bangsa');
  await page.getByRole('combobox', { name: /^Periode pendaftaran/ }).click();
  await page.getByRole('option', { name: /^Gelombang 1/ }).click();
  await choose(page, 'Kelas', /^Kelas 7 · sisa \d+ kursi$/);
  await dialog.getByRole('button', { name: 'Tambah' }).click();
  const card = page.getByTestId('registrant-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('missing-summary')).toContainText('Ayah');
  // Submit is shown disabled until the form is complete; the summary says what is missing.
  await expect(card.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await expect(card.getByTestId('missing-summary')).toContainText('Masih ada');
  await card.getByRole('button', { name: 'Lihat rincian' }).click();
  await expect(card.getByTestId('missing-summary')).toContainText('Nama Lengkap');

  // The registrant page without a chosen registrant goes home; with one it shows the detail.
  await card.getByRole('button', { name: 'Detail' }).click();
  await expect(page).toHaveURL(/\/registrant$/);
  await expect(page.getByTestId('registrant-status')).toHaveText('Sedang mengisi formulir');
  await expect(page.getByText('Pas Foto dan Dokumen')).toBeVisible();
});
