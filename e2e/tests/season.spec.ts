import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { REPORTS, sampleAnswers } from '@psb/contracts';
import { DEMO, loginAsAdmin, loginAsParent, newParent } from '../support/accounts';
import { chooseOption } from '../support/select';
import { openCreateForm, pick, save, text } from '../support/staff-forms';

/**
 * A whole admission season in one school of its own: staff set up the school, a year, a period, a class with
 * its places, the fees and a test session; a parent buys a voucher and pays its VA on the simulator, registers
 * a child and submits the form; staff verify; the registration fee is billed and paid; the child is seated,
 * scored and accepted; the parent downloads the letter and pays the re-registration fee; and the dashboard and
 * every report, narrowed to the school, show exactly that money.
 */
const run = Date.now().toString(36);
const digits = `${Date.now()}`.slice(-6);
const year = 3000 + (Number(digits) % 900);
const N = {
  school: `SD Musim ${run}`,
  year: `${year}/${year + 1}`,
  grade: `Jenjang Musim ${run}`,
  class: `Kelas Musim ${run}`,
  period: `Gelombang Musim ${run}`,
  room: `Ruang Musim ${run}`,
  session: `Sesi Musim ${run}`,
  child: `Ananda Musim ${run}`,
};
const FORM_FEE = 350_000;
const ENTRY_FEE = 5_000_000;
const rupiah = (n: number) => `Rp. ${n.toLocaleString('id-ID')}`;
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

// biome-ignore lint/suspicious/noExplicitAny: answers of calls made for the test, read field by field
const json = async (res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<any> => {
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
};

/** Staff set up the season's frame through the master-data screens. */
async function setUpSeason(page: Page, activeYear: string) {
  let d = await openCreateForm(page, 'Sekolah', 'Tambah Sekolah');
  await text(d, 'Nama Sekolah').fill(N.school);
  await text(d, 'NPSN').fill(`8${digits.padStart(7, '0')}`);
  await d.getByRole('combobox', { name: 'Jenjang Pendidikan', exact: true }).click();
  await page.getByRole('option', { name: 'SD', exact: true }).click();
  await save(page, d);

  // Next year's, prepared ahead; this season runs in the active year, where vouchers are sold.
  d = await openCreateForm(page, 'Tahun Ajaran', 'Tambah Tahun Ajaran');
  await text(d, 'Tahun Ajaran').fill(N.year);
  await d.getByLabel('Tanggal Mulai').fill(`${year}-07-01`);
  await d.getByLabel('Tanggal Selesai').fill(`${year + 1}-06-30`);
  await save(page, d);

  d = await openCreateForm(page, 'Jenjang', 'Tambah Jenjang');
  await text(d, 'Nama Jenjang').fill(N.grade);
  await pick(page, d, 'Sekolah', N.school);
  await save(page, d);

  d = await openCreateForm(page, 'Kelas', 'Tambah Kelas');
  await text(d, 'Nama Kelas').fill(N.class);
  await pick(page, d, 'Jenjang', N.grade);
  await save(page, d);

  d = await openCreateForm(page, 'Periode Pendaftaran', 'Tambah Periode Pendaftaran');
  await pick(page, d, 'Sekolah', N.school);
  await pick(page, d, 'Tahun Ajaran', activeYear);
  await text(d, 'Nama Periode').fill(N.period);
  await d.getByLabel('Tanggal Mulai').fill(day(-1));
  await d.getByLabel('Tanggal Selesai').fill(day(30));
  await text(d, 'Kuota').fill('10');
  await save(page, d);

  d = await openCreateForm(page, 'Kelas per Periode', 'Tambah Kelas per Periode');
  await pick(page, d, 'Periode Pendaftaran', N.period);
  await pick(page, d, 'Kelas', N.class);
  await text(d, 'Kuota').fill('5');
  await save(page, d);

  for (const [component, amount] of [
    ['Biaya Formulir', FORM_FEE],
    ['Uang Gedung', ENTRY_FEE],
  ] as const) {
    d = await openCreateForm(page, 'Rincian Biaya', 'Tambah Rincian Biaya');
    await pick(page, d, 'Periode Pendaftaran', N.period);
    await pick(page, d, 'Kelas', N.class);
    await pick(page, d, 'Komponen Pembayaran', component);
    await text(d, 'Nominal').fill(String(amount));
    await save(page, d);
  }

  d = await openCreateForm(page, 'Ruangan Tes', 'Tambah Ruangan Tes');
  await text(d, 'Nama Ruangan').fill(N.room);
  await pick(page, d, 'Sekolah', N.school);
  await save(page, d);

  d = await openCreateForm(page, 'Data Tes', 'Tambah Data Tes');
  await text(d, 'Nama Sesi').fill(N.session);
  await pick(page, d, 'Tipe Tes', 'Tes Tertulis');
  await pick(page, d, 'Periode Pendaftaran', N.period);
  await pick(page, d, 'Ruangan', N.room);
  await d.getByLabel('Tanggal Tes').fill(day(7));
  await d.getByLabel('Jam Mulai (WIB)').fill('08:00');
  await d.getByLabel('Jam Selesai (WIB)').fill('10:00');
  await text(d, 'Kuota').fill('10');
  await save(page, d);
}

/** The parent pays a bill of the registrant page with a BNI VA on the simulator, in a second tab. */
async function payOnSimulator(page: Page, amount: number) {
  const card = page
    .getByTestId('bills-panel')
    .locator('[data-testid^="bill-"]')
    .filter({ hasText: rupiah(amount) })
    .first();
  await expect(card.getByTestId('bill-state')).toHaveText('Belum dibayar');
  await card.getByRole('combobox', { name: 'Metode pembayaran' }).click();
  await page.getByRole('option', { name: 'BNI Virtual Account' }).click();
  await card.getByRole('button', { name: 'Dapatkan nomor pembayaran' }).click();
  const va = (await card.getByTestId('va-number').textContent())?.trim() ?? '';
  expect(va).toMatch(/^\d{8,}$/);
  const simulator = await page.context().newPage();
  await simulator.goto(`/simulator/midtrans/pay?kode=${va}`);
  await simulator.getByRole('button', { name: 'Bayar' }).click();
  await expect(simulator.getByRole('status')).toBeVisible();
  await simulator.close();
  await expect(card.getByTestId('bill-state')).toHaveText('Lunas', { timeout: 30_000 });
}

test('a whole season: set-up, voucher, form, verification, bills, test, result, re-registration, reports', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  // Many screens and a background job (the bulk billing): on a busy machine this takes minutes.
  test.setTimeout(15 * 60_000);
  const activeYear = (await json(await request.get('/api/v1/public/active_year'))).school_year;
  const staff = await json(
    await request.post('/api/v1/public/login', { data: { ...DEMO.superadmin, type: 'admin' } }),
  );
  const asStaff = { Authorization: `Bearer ${staff.token}` };

  await test.step('staff set up the school, year, period, class, fees and a test session', async () => {
    await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard/);
    await setUpSeason(page, activeYear.name);
  });
  const school = (await json(await request.get('/api/v1/public/school'))).data.find(
    (s: { name: string }) => s.name === N.school,
  );
  const period = (await json(await request.get('/api/v1/public/school_period'))).data.find(
    (p: { name: string }) => p.name === N.period,
  );
  const types = (await json(await request.get('/api/v1/mst_type_payments', { headers: asStaff }))).data as {
    id: number;
    code: string;
  }[];
  const typeId = (code: string) => types.find((t) => t.code === code)!.id;

  // The session's subject (Matematika 0–100), saved as the Data Tes → Mata Uji drawer saves it.
  const session = (
    await json(
      await request.get(`/api/v1/mst_test_details?school_period_id=${period.id}`, { headers: asStaff }),
    )
  ).data.find((d: { name: string }) => d.name === N.session) as { id: number; mst_test_id: number };
  const testId = session.mst_test_id;
  const maths = (
    await json(await request.get('/api/v1/mst_subjects?search=Matematika', { headers: asStaff }))
  ).data.find((m: { name: string }) => m.name === 'Matematika') as { id: number };
  await json(
    await request.put(`/api/v1/mst_test_detail/subjects/${session.id}`, {
      headers: asStaff,
      data: { subjects: [{ mst_subject_id: maths.id, min_score: 0, max_score: 100 }] },
    }),
  );

  // --- The parent: a voucher bought and paid, a child registered, the form sent --------------------------------
  const parent = newParent();
  await json(
    await request.post('/api/v1/public/register', {
      data: { name: parent.name, email: parent.email, phone_number: parent.phone, password: parent.password },
    }),
  );
  const parentPage = await (await browser.newContext()).newPage();
  await test.step('the parent buys a voucher, pays its VA and registers the child', async () => {
    await loginAsParent(parentPage, parent.email, parent.password);
    await parentPage.getByTestId('buy-voucher-card').getByRole('button', { name: 'Beli Voucher' }).click();
    const dialog = parentPage.getByRole('dialog', { name: 'Beli Voucher Pendaftaran' });
    await dialog.getByLabel(/^Jumlah Voucher/).fill('1');
    await chooseOption(parentPage, /^Metode Pembayaran/, 'BNI Virtual Account');
    await dialog.getByRole('button', { name: 'Beli' }).click();
    const va = ((await dialog.getByTestId('va-number').textContent()) ?? '').trim();
    const simulator = await parentPage.context().newPage();
    await simulator.goto(`/simulator/midtrans/pay?kode=${va}`);
    await simulator.getByRole('button', { name: 'Bayar' }).click();
    await expect(simulator.getByRole('status')).toBeVisible();
    await simulator.close();
    await expect(dialog.getByTestId('voucher-code')).toHaveCount(1, { timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Gunakan' }).first().click();
    const add = parentPage.getByRole('dialog', { name: 'Tambah Calon Murid' });
    await chooseOption(parentPage, /^Sekolah/, N.school);
    await chooseOption(parentPage, /^Periode pendaftaran/, new RegExp(`^${N.period}`));
    await chooseOption(parentPage, /^Kelas/, new RegExp(`^${N.class} · sisa 5 kursi$`));
    await add.getByRole('button', { name: 'Tambah' }).click();
    await expect(add).toBeHidden();
  });
  const asParent = {
    Authorization: `Bearer ${
      (
        await json(
          await request.post('/api/v1/public/login', {
            data: { username: parent.email, password: parent.password },
          }),
        )
      ).token
    }`,
  };
  const mine = (await json(await request.get('/api/v1/registrants', { headers: asParent }))).data[0];
  const card = parentPage.getByTestId('registrant-card');

  await test.step('the parent fills and submits the form', async () => {
    // The long form itself is walked by parent-journey.spec.ts: its answers are saved as the form saves them.
    await json(
      await request.post('/api/v1/registrant_answer', {
        headers: asParent,
        data: { registrant_id: mine.id, data: { ...sampleAnswers(), '1': N.child } },
      }),
    );
    await parentPage.reload();
    await card.getByRole('button', { name: 'Submit' }).click();
    await parentPage
      .getByRole('dialog', { name: 'Kirim data calon murid?' })
      .getByRole('button', { name: 'Ya, Kirim' })
      .click();
    await expect(card.getByTestId('registrant-status')).toHaveText('Terkirim, menunggu verifikasi');
  });

  await test.step('staff verify the registrant', async () => {
    await page.goto(`/admin/registrant?search=${mine.registration_number}`);
    await page.getByTestId('registrant-list-page').waitFor();
    await page.getByRole('link', { name: mine.registration_number }).click();
    await expect(page.getByTestId('status-badge')).toHaveText('Terkirim, menunggu verifikasi');
    await page.getByRole('button', { name: 'Verifikasi' }).click();
    await page.getByTestId('confirm-action').click();
    await expect(page.getByText('Calon murid berhasil diverifikasi.')).toBeVisible();
  });

  await test.step('the registration fee is billed from the fee set-up and the parent pays it', async () => {
    // Staff bill the whole period at once (a background job) from the fee set-up, published straight away.
    await page.goto(`/admin/registrant/payment?type=${typeId('FORM')}`);
    await page.getByTestId('bill-list-page').waitFor();
    await page.getByRole('button', { name: 'Buat Tagihan Massal' }).click();
    const modal = page.getByRole('dialog', { name: 'Buat Tagihan Massal' });
    // The list's payment type is the one billed.
    await expect(modal.getByRole('combobox', { name: /^Jenis Pembayaran/ })).toHaveValue('Formulir');
    await pick(page, modal, 'Periode Pendaftaran', N.period);
    await modal.getByRole('checkbox', { name: 'Langsung terbitkan (orang tua dapat melihat)' }).check();
    await modal.getByRole('button', { name: 'Buat Tagihan' }).click();
    // The screen follows the job it started and says when it has ended.
    await expect(page.getByText(/: selesai \(\d+ data\)\./).last()).toBeVisible({ timeout: 120_000 });
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('row').filter({ hasText: mine.registration_number })).toContainText(
        rupiah(FORM_FEE),
        { timeout: 3_000 },
      );
    }).toPass({ timeout: 120_000 });
    await parentPage.goto('/home');
    await card.getByRole('button', { name: 'Detail' }).click();
    await expect(parentPage).toHaveURL(/\/registrant$/);
    await payOnSimulator(parentPage, FORM_FEE);
  });

  await test.step('staff seat, score and accept the registrant', async () => {
    await page.goto(`/admin/assign_test?school_period_id=${period.id}&mst_test_id=${testId}`);
    await expect(page.getByTestId(/^session-/)).toContainText('10 kursi kosong', { timeout: 60_000 });
    const row = page.getByRole('row').filter({ hasText: mine.registration_number });
    await row.getByRole('checkbox', { name: `Pilih ${N.child}` }).check();
    await page.getByRole('button', { name: 'Jadwalkan Otomatis (1)' }).click();
    await expect(page.getByText('1 calon murid berhasil dijadwalkan.')).toBeVisible();
    await expect(row).toContainText(N.session);

    await page.goto('/admin/score_test');
    await page.getByRole('combobox', { name: 'Sesi Tes' }).fill(N.session);
    await page.getByRole('option', { name: new RegExp(`^${N.session}`) }).click();
    await page.getByRole('button', { name: 'Buka Penilaian' }).click();
    const cell = page.getByRole('textbox', {
      name: `Nilai Matematika ${mine.registration_number}`,
      exact: true,
    });
    await cell.click({ timeout: 30_000 });
    await page.keyboard.type('88');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('score-save-state')).toContainText('Semua nilai tersimpan');

    await page.goto(`/admin/registrant/graduation?school_period_id=${period.id}`);
    await page.getByTestId('graduation-page').waitFor();
    const result = page.getByRole('row').filter({ hasText: mine.registration_number });
    await result.getByRole('button', { name: 'Tetapkan Hasil' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Status penerimaan' }).click();
    await page.getByRole('option', { name: 'Diterima', exact: true }).click();
    await dialog.getByRole('button', { name: 'Umumkan' }).click();
    await dialog.getByRole('button', { name: 'Ya, Umumkan' }).click();
    await expect(page.getByText('Hasil seleksi berhasil diumumkan.')).toBeVisible();
  });

  await test.step('the parent downloads the letter, signs the agreement and pays the re-registration fee', async () => {
    await json(
      await request.post(`/api/v1/registrant/payment/${mine.id}`, {
        headers: asStaff,
        data: { mst_type_payment_id: typeId('UP'), is_submit: true },
      }),
    );
    await parentPage.reload();
    const panel = parentPage.getByTestId('graduation-panel');
    await expect(panel.getByTestId('graduation-result')).toHaveText('Diterima');
    const download = parentPage.waitForEvent('download');
    await panel.getByRole('button', { name: 'Unduh Surat Kelulusan' }).click();
    expect((await download).suggestedFilename()).toBe(`Surat Kelulusan ${mine.registration_number}.pdf`);
    // The seat is accepted by signing the enrolment agreement; the re-registration fee is paid after it.
    await parentPage.getByTestId('offer-panel').getByRole('button', { name: 'Terima' }).click();
    const sign = parentPage.getByRole('dialog', { name: 'Terima kursi dan tanda tangani perjanjian' });
    await sign.getByLabel(/Nama lengkap orang tua/).fill(parent.name);
    await sign.getByLabel(/Saya telah membaca/).check();
    await sign.getByRole('button', { name: 'Tanda Tangani' }).click();
    await expect(sign).toBeHidden();
    await payOnSimulator(parentPage, ENTRY_FEE);
  });

  const billed = FORM_FEE + ENTRY_FEE;
  await test.step('the dashboard and every report of the school show exactly that', async () => {
    await page.goto(`/admin/dashboard?school_id=${school.id}&school_period_id=${period.id}`);
    const money = page.getByTestId('dashboard-money');
    await expect(money.getByTestId('money-billed')).toContainText(rupiah(billed), { timeout: 30_000 });
    await expect(money.getByTestId('money-paid')).toContainText(rupiah(billed));
    await expect(money.getByTestId('money-outstanding')).toContainText(rupiah(0));
    await expect(page.getByTestId(`funnel-total-${period.id}`)).toHaveText('1');
    await expect(page.getByTestId(`funnel-paid-${period.id}`)).toHaveText('1');
    // Accepted, or re-registered once paying the entry fee moves the state on.
    await expect(
      page
        .getByTestId(new RegExp(`^funnel-(accepted|re_registered)-${period.id}$`))
        .filter({ hasText: /^1$/ }),
    ).toHaveCount(1);

    // The money card opens the bills that make up its number: the list filters on the server and adds up to it.
    const cardBills = ((await money.getByTestId('money-billed').textContent()) ?? '').match(
      /Tagihan \((\d+)\)/,
    )?.[1];
    await money.getByTestId('money-billed').click();
    await expect(page).toHaveURL(/\/admin\/registrant\/payment\?.*counted=true/);
    expect(new URL(page.url()).searchParams.get('school_period_id')).toBe(String(period.id));
    const sums = page.getByTestId('bill-sums');
    await expect(sums.getByTestId('bill-sums-billed')).toHaveText(rupiah(billed));
    await expect(sums.getByTestId('bill-sums-paid')).toHaveText(rupiah(billed));
    await expect(sums.getByTestId('bill-sums-count')).toHaveText(cardBills ?? 'tidak terbaca');

    for (const decl of Object.values(REPORTS)) {
      await page.goto(`/admin/report/${decl.name}?school_id=${school.id}`);
      await page.getByTestId(`report-${decl.name}`).waitFor();
      const total = (key: string) => page.getByTestId(`report-total-${key}`);
      if (decl.name === 'item_report') {
        await expect(page.getByTestId('report-summary')).toContainText('0 baris');
      } else if (decl.name === 'offers_report') {
        // The season's one accepted registrant: its offer, answered by re-registering.
        await expect(page.getByTestId('report-summary')).toContainText('1 baris');
      } else if (decl.name === 'accounting_journal') {
        await expect(total('debit')).toHaveText(rupiah(billed));
        await expect(total('credit')).toHaveText(rupiah(billed));
      } else if (decl.name === 'registrant_installment_payment_report') {
        await expect(total('amount')).toHaveText(rupiah(billed));
        await expect(total('paid')).toHaveText(rupiah(billed));
      } else {
        await expect(total('billed'), decl.name).toHaveText(rupiah(billed));
        await expect(total('paid'), decl.name).toHaveText(rupiah(billed));
        await expect(total('outstanding'), decl.name).toHaveText(rupiah(0));
      }
    }
  });
});
