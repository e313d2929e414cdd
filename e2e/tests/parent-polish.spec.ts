import { type APIRequestContext, devices, expect, type Page, test } from '@playwright/test';
import { SURVEY_PAGES, sampleAnswers } from '@psb/contracts';
import { freshVoucher, loginAsParent, newParent } from '../support/accounts';

// What a new parent tripped over, checked on the parent's usual device (Chromium with Pixel 7 settings).
const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
test.use(pixel7);
test.setTimeout(120_000);

const exact = (s: string) => new RegExp(`^${s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);

interface Parent {
  email: string;
  password: string;
  headers: { Authorization: string };
}

/** A fresh parent account, signed in through the api (its bearer token for api calls). */
async function parentAccount(request: APIRequestContext): Promise<Parent> {
  const p = newParent();
  const registered = await request.post('/api/v1/public/register', {
    data: { name: p.name, email: p.email, phone_number: p.phone, password: p.password },
  });
  expect(registered.status()).toBe(201);
  const login = await (
    await request.post('/api/v1/public/login', { data: { username: p.email, password: p.password } })
  ).json();
  return { email: p.email, password: p.password, headers: { Authorization: `Bearer ${login.token}` } };
}

/** A registrant of the parent made through the api with `voucher` (the dialog is covered elsewhere). */
async function registrantFor(
  request: APIRequestContext,
  parent: Parent,
  voucher: string,
  level: 'SD' | 'SMP',
) {
  const schoolName = `${level} Harapan Bangsa`;
  const school = (await (await request.get('/api/v1/public/school')).json()).data.find(
    (s: { name: string }) => s.name === schoolName,
  );
  const period = (await (await request.get('/api/v1/public/school_period')).json()).data.find(
    (p: { school_id: number; is_open: boolean }) => p.school_id === school.id && p.is_open,
  );
  const classes = await (
    await request.get(
      `/api/v1/public/mst_class?school_name=${encodeURIComponent(schoolName)}&school_period_id=${period.id}`,
    )
  ).json();
  const body = {
    token: voucher,
    password: parent.password,
    school_id: school.id,
    school_period_id: period.id,
    mst_class_id: classes.data[0].id,
  };
  const created = await request.post('/api/v1/registrant', { headers: parent.headers, data: body });
  expect(created.status()).toBe(201);
  const data = (await created.json()).data as { id: number; registration_number: string };
  return { ...data, body };
}

const CHILD_ADDRESS = {
  '10': 'Jl. Ir. H. Juanda No. 10',
  '57': 'Jawa Barat',
  '58': 'Kota Bandung',
  '59': 'Coblong',
  '60': 'Dago',
  '61': '40135',
};

async function saveAnswers(request: APIRequestContext, parent: Parent, id: number, data: object) {
  const res = await request.post('/api/v1/registrant_answer', {
    headers: parent.headers,
    data: { registrant_id: id, data },
  });
  expect(res.status()).toBe(200);
}

async function openForm(page: Page) {
  await page.getByTestId('registrant-card').getByRole('button', { name: 'Isi Formulir' }).click();
  await expect(page.getByRole('heading', { name: 'Data Pribadi', level: 3 })).toBeVisible();
}

test('a mistyped voucher is called invalid on its field, not "no school is open"', async ({
  page,
  request,
}) => {
  const parent = await parentAccount(request);
  await loginAsParent(page, parent.email, parent.password);
  await page.getByRole('button', { name: 'Tambah Calon Murid' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tambah Calon Murid' });
  const voucher = dialog.getByLabel(/^Kode Voucher/);
  await voucher.fill('DEMO-SD-00001');
  await voucher.press('Tab');
  await expect(
    dialog.getByText('Kode voucher tidak valid. Periksa kembali kode pada kartu voucher Anda.'),
  ).toBeVisible();
  await expect(voucher).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Tidak ada sekolah yang sedang membuka pendaftaran')).toHaveCount(0);
  // Corrected, the message goes and the voucher's schools are offered.
  await voucher.fill('DEMO-SD-0005');
  await voucher.press('Tab');
  await expect(dialog.getByText(/Kode voucher tidak valid/)).toHaveCount(0);
  await dialog.getByRole('combobox', { name: /^Sekolah/ }).click();
  await expect(page.getByRole('option', { name: 'SD Harapan Bangsa' })).toBeVisible();
});

test('the badge name stops at 14 characters with a counter, 31/02 is refused on the field, DKI and Jogja are found', async ({
  page,
  request,
}) => {
  const parent = await parentAccount(request);
  await registrantFor(request, parent, 'DEMO-SD-0004', 'SD');
  await loginAsParent(page, parent.email, parent.password);
  await openForm(page);
  const badge = page.getByRole('textbox', { name: exact('Nama Panggilan (untuk name tag)') });
  await badge.pressSequentially('Kartika Sari Dewi');
  await expect(badge).toHaveValue('Kartika Sari D');
  // The cut is said in the field, not done silently.
  await expect(page.getByTestId('counter-2')).toHaveText(
    '14/14 karakter · Teks dipotong: hanya 14 karakter pertama yang dipakai.',
  );
  // A phone number is checked as soon as its field is left.
  const mobile = page.getByRole('textbox', { name: exact('No. HP') });
  await mobile.pressSequentially('0812');
  await mobile.press('Tab');
  await expect(mobile).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('No. telepon harus +62 diikuti 8–12 angka.')).toBeVisible();

  const birth = page.getByRole('textbox', { name: exact('Tanggal Lahir') });
  await birth.pressSequentially('31022020');
  await expect(birth).toHaveValue('31/02/2020');
  // Refused while still on the page, before any page change.
  await expect(birth).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Tanggal tidak valid (dd/mm/yyyy).')).toBeVisible();
  await birth.fill('');
  await birth.pressSequentially('28022020');
  await expect(birth).not.toHaveAttribute('aria-invalid', 'true');

  // The region search knows the short forms parents type.
  const province = page.getByRole('combobox', { name: exact('Provinsi') });
  await province.click();
  await province.fill('DKI');
  await expect(page.getByRole('option', { name: 'Daerah Khusus Ibukota Jakarta' })).toBeVisible();
  await province.fill('jogja');
  await page.getByRole('option', { name: 'Daerah Istimewa Yogyakarta' }).click();
  await expect(province).toHaveValue('Daerah Istimewa Yogyakarta');
});

test('Submit is disabled with the list of what is missing; the card shows the timeline and the next step', async ({
  page,
  request,
}) => {
  const parent = await parentAccount(request);
  await registrantFor(request, parent, 'DEMO-SMP-0001', 'SMP');
  await loginAsParent(page, parent.email, parent.password);
  const card = page.getByTestId('registrant-card');
  await expect(card.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await expect(card.getByTestId('missing-summary')).toContainText('isian wajib yang belum diisi');
  await expect(card.getByTestId('missing-summary')).toContainText('Ayah');
  const steps = card.getByTestId('timeline').locator('[data-step]');
  await expect(steps).toHaveCount(6);
  await expect(card.locator('[data-step="form"]')).toHaveAttribute('data-state', 'current');
  await expect(card.locator('[data-step="payment"]')).toHaveAttribute('data-state', 'upcoming');
  await expect(card.getByTestId('next-step')).toContainText('Lengkapi formulir');
});

test("one tap copies the child's address into the father's and the mother's", async ({ page, request }) => {
  const parent = await parentAccount(request);
  const r = await registrantFor(request, parent, 'DEMO-SMP-0002', 'SMP');
  await saveAnswers(request, parent, r.id, CHILD_ADDRESS);
  await loginAsParent(page, parent.email, parent.password);
  await openForm(page);
  // The guard that moving tabs applies needs the pages before it valid, not complete: go straight to Ayah.
  await page.getByRole('tab', { name: 'Ayah' }).click();
  await expect(page.getByRole('heading', { name: 'Data Ayah', level: 3 })).toBeVisible();
  await page.getByRole('button', { name: 'Sama dengan alamat calon murid' }).click();
  await expect(page.getByRole('textbox', { name: exact('Alamat') })).toHaveValue(CHILD_ADDRESS['10']);
  await expect(page.getByRole('combobox', { name: exact('Kelurahan/Desa') })).toHaveValue('Dago');
  await expect(page.getByRole('combobox', { name: exact('Kode Pos') })).toHaveValue('40135');
  await page.getByRole('tab', { name: 'Ibu' }).click();
  await expect(page.getByRole('heading', { name: 'Data Ibu', level: 3 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: exact('Alamat') })).toHaveValue(CHILD_ADDRESS['10']);
  await expect(page.getByRole('combobox', { name: exact('Kecamatan') })).toHaveValue('Coblong');
  // Both parents' addresses reach the server.
  await expect(async () => {
    const saved = (
      await (await request.get(`/api/v1/registrant/${r.id}`, { headers: parent.headers })).json()
    ).data.question_answer;
    expect(saved).toMatchObject({
      '26': CHILD_ADDRESS['10'],
      '66': 'Dago',
      '36': CHILD_ADDRESS['10'],
      '72': '40135',
    });
  }).toPass({ timeout: 15_000 });
});

test('a father marked Sudah Meninggal is not asked for; Submit opens without his answers', async ({
  page,
  request,
}) => {
  const parent = await parentAccount(request);
  const r = await registrantFor(request, parent, await freshVoucher(request), 'SD');
  // Everything but the father's tab, through the api (the form's pages are covered elsewhere).
  const fatherTab = new Set(
    SURVEY_PAGES.filter((p) => p.tab === 'ayah').flatMap((p) => p.questions.map((q) => String(q.no))),
  );
  const answers = Object.entries(sampleAnswers()).filter(([no]) => !fatherTab.has(no));
  await saveAnswers(request, parent, r.id, Object.fromEntries(answers));
  await loginAsParent(page, parent.email, parent.password);
  const card = page.getByTestId('registrant-card');
  await expect(card.getByTestId('missing-summary')).toContainText('Ayah');
  await openForm(page);
  await page.getByRole('tab', { name: 'Ayah' }).click();
  await expect(page.getByRole('heading', { name: 'Data Ayah', level: 3 })).toBeVisible();
  const fatherName = page.getByRole('textbox', { name: /^Nama Ayah/ });
  await expect(fatherName).toHaveAttribute('aria-required', 'true');
  await page
    .getByRole('radiogroup', { name: /Keberadaan Ayah/ })
    .getByLabel('Sudah Meninggal')
    .check();
  await expect(fatherName).not.toHaveAttribute('aria-required', 'true');
  await expect(page.getByText('Semua isian di halaman ini boleh dikosongkan.')).toBeVisible();
  await page.getByRole('button', { name: 'Berikutnya' }).click();
  await expect(page.getByRole('heading', { name: 'Data Ibu', level: 3 })).toBeVisible();
  // The server agrees: nothing is missing, and Submit is offered on the card.
  await expect(async () => {
    const saved = (
      await (await request.get(`/api/v1/registrant/${r.id}`, { headers: parent.headers })).json()
    ).data;
    expect(saved.question_answer['101']).toBe('Sudah Meninggal');
  }).toPass({ timeout: 15_000 });
  await page.goto('/home');
  await expect(card.getByRole('button', { name: 'Submit' })).toBeEnabled();
});

test('a parent withdraws an unverified application after a plain confirmation, and can use the voucher again', async ({
  page,
  request,
}) => {
  const parent = await parentAccount(request);
  const r = await registrantFor(request, parent, 'DEMO-SMP-0003', 'SMP');
  await loginAsParent(page, parent.email, parent.password);
  const card = page.getByTestId('registrant-card');
  await card.getByRole('button', { name: 'Batalkan Pendaftaran' }).click();
  const dialog = page.getByRole('dialog', { name: 'Batalkan pendaftaran?' });
  await expect(dialog).toContainText(r.registration_number);
  await expect(dialog).toContainText('Voucher yang dipakai dapat Anda gunakan lagi dari akun ini');
  await dialog.getByLabel('Alasan (opsional)').fill('Salah memilih sekolah');
  await dialog.getByRole('button', { name: 'Ya, Batalkan' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveCount(0);
  await expect(page.getByText('Belum ada calon murid terdaftar')).toBeVisible();
  // The released voucher registers again from the same account.
  const again = await request.post('/api/v1/registrant', { headers: parent.headers, data: r.body });
  expect(again.status()).toBe(201);
});

test('Cek Status asks for the birth date too and shows the name masked', async ({ page, request }) => {
  const parent = await parentAccount(request);
  const r = await registrantFor(request, parent, 'DEMO-ALL-0002', 'SD');
  await saveAnswers(request, parent, r.id, { '1': 'Ahmad Fauzi', '4': '2019-05-17' });
  await page.goto('/interview_announcement');
  const number = page.getByRole('textbox', { name: 'Nomor pendaftaran' });
  const birth = page.getByRole('textbox', { name: 'Tanggal lahir calon murid' });
  await number.fill(r.registration_number);
  await birth.pressSequentially('18052019');
  await page.getByRole('button', { name: 'Cek Status' }).click();
  await expect(page.getByTestId('status-error')).toHaveText(
    'Nomor pendaftaran dan tanggal lahir tidak cocok dengan data mana pun.',
  );
  await birth.fill('');
  await birth.pressSequentially('17052019');
  await page.getByRole('button', { name: 'Cek Status' }).click();
  const result = page.getByTestId('status-result');
  await expect(result).toContainText('Ah*** Fa***');
  await expect(result).toContainText('Status: Sedang mengisi formulir');
  await expect(result).not.toContainText('Ahmad');
});

test('on a phone a failed-attempt message does not cover the form tabs and does not follow to the next page', async ({
  page,
  request,
}) => {
  const parent = await parentAccount(request);
  await registrantFor(request, parent, 'DEMO-SD-0005', 'SD');
  await loginAsParent(page, parent.email, parent.password);
  await openForm(page);
  await page.getByRole('button', { name: 'Berikutnya' }).click();
  const message = page.locator('.mantine-Notification-root', { hasText: 'Periksa kembali isian' });
  await expect(message).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  const tabs = await page.getByRole('tablist', { name: 'Bagian formulir' }).boundingBox();
  const box = await message.boundingBox();
  expect(tabs && box).toBeTruthy();
  // Entirely above the tabs (under the header), not over them.
  expect(box!.y + box!.height).toBeLessThanOrEqual(tabs!.y);
  expect(box!.y).toBeGreaterThanOrEqual(60);

  // Back home through the header's brand link (an in-app navigation, no reload).
  await page.getByRole('banner').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(message).toHaveCount(0);
});

test('users do not see internal build labels; the app version stays in the footer', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('welcome-text')).toBeVisible();
  await expect(page.getByText(/mfe-public v/)).toBeHidden();
  await expect(page.getByTestId('app-version')).toBeVisible();
});
