import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { sampleAnswers } from '@psb/contracts';
import { DEMO, loginAsAdmin, loginAsParent } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { publishedBill } from '../support/bills';
import { ownPeriod, registrantIn } from '../support/own-period';

/**
 * The season's end: staff publish "Diterima"; the parent signs the enrolment agreement, pays the
 * re-registration bill on the simulator and downloads the signed agreement; staff see "Terdaftar ulang". A
 * second family declines, and the reserve family gets the seat by itself and sees it on /home.
 */
const run = Date.now().toString(36);
const PERIOD = `Gelombang Penawaran ${run}`;

type Registrant = Awaited<ReturnType<typeof registrantIn>>;

const ok = async (res: Awaited<ReturnType<APIRequestContext['get']>>) =>
  expect(res.ok(), await res.text()).toBe(true);

/** The registrant's form sent, verified by staff, and its result published as staff do it. */
async function published(request: APIRequestContext, r: Registrant, result: 'Diterima' | 'Cadangan') {
  const login = await (
    await request.post('/api/v1/public/login', {
      data: { username: r.parent.email, password: r.parent.password },
    })
  ).json();
  const parent = { Authorization: `Bearer ${login.token}` };
  const staff = { Authorization: `Bearer ${r.staffToken}` };
  await ok(
    await request.post('/api/v1/registrant_answer', {
      headers: parent,
      data: { registrant_id: r.registrantId, data: { ...sampleAnswers(), '1': `Ananda ${result} ${run}` } },
    }),
  );
  await ok(await request.post(`/api/v1/registrant/submit/${r.registrantId}`, { headers: parent, data: {} }));
  await ok(await request.put(`/api/v1/registrant/verify/${r.registrantId}`, { headers: staff, data: {} }));
  const statuses = (await (await request.get('/api/v1/mst_accepted_statuses', { headers: staff })).json())
    .data as { id: number; name: string }[];
  const status = statuses.find((s) => s.name === result)!;
  await ok(
    await request.post(`/api/v1/registrant/publish/${r.registrantId}`, {
      headers: staff,
      data: { mst_accepted_status_id: status.id },
    }),
  );
}

async function parentPage(browser: Browser, r: Registrant): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginAsParent(page, r.parent.email, r.parent.password);
  return page;
}

test('accept by signing, pay, download the agreement; a decline refills the seat from the reserve list', async ({
  browser,
  request,
}) => {
  test.slow();
  const period = await ownPeriod(request, PERIOD);
  const first = await registrantIn(request, period);
  const second = await registrantIn(request, period);
  const reserve = await registrantIn(request, period);
  await publishedBill(request, first.staffToken, first.registrantId, {
    cost: 1_750_000,
    typeName: `Daftar Ulang ${run}`,
    atGraduation: true,
  });
  await published(request, first, 'Diterima');
  await published(request, second, 'Diterima');
  await published(request, reserve, 'Cadangan');

  // The accepted family: the offer and its deadline on the home card.
  const page = await parentPage(browser, first);
  const card = page.getByTestId('registrant-card');
  await expect(card.getByTestId('offer-deadline')).toHaveText(
    /^Batas daftar ulang: \d{1,2} \S+ \d{4} 23\.59 WIB$/,
  );
  await expectAccessible(page, '/home with an offer', ['main']);

  // On the registrant page: accept by signing the agreement.
  await card.getByRole('button', { name: 'Detail' }).click();
  await expect(page).toHaveURL(/\/registrant$/);
  const offer = page.getByTestId('offer-panel');
  await offer.getByRole('button', { name: 'Terima' }).click();
  const dialog = page.getByRole('dialog', { name: 'Terima kursi dan tanda tangani perjanjian' });
  await expect(dialog.getByTestId('agreement-text')).toContainText(first.parent.name);
  await expectAccessible(page, 'the agreement dialog', ['[role="dialog"]']);
  await dialog.getByLabel(/Nama lengkap orang tua/).fill('Nama Lain');
  await dialog.getByLabel(/Saya telah membaca/).check();
  await dialog.getByRole('button', { name: 'Tanda Tangani' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Nama lengkap harus sama persis');
  await dialog.getByLabel(/Nama lengkap orang tua/).fill(first.parent.name);
  await dialog.getByRole('button', { name: 'Tanda Tangani' }).click();
  await expect(dialog).toBeHidden();
  await expect(offer.getByTestId('offer-state')).toHaveText('Diterima, menunggu pembayaran');

  // Then the re-registration bill, paid on the simulator.
  const bill = page
    .getByTestId('bills-panel')
    .locator('[data-testid^="bill-"]')
    .filter({ hasText: `Daftar Ulang ${run}` })
    .first();
  await bill.getByRole('combobox', { name: 'Metode pembayaran' }).click();
  await page.getByRole('option', { name: 'BNI Virtual Account' }).click();
  await bill.getByRole('button', { name: 'Dapatkan nomor pembayaran' }).click();
  const va = (await bill.getByTestId('va-number').textContent())?.trim() ?? '';
  expect(va).toMatch(/^\d{8,}$/);
  const simulator = await page.context().newPage();
  await simulator.goto(`/simulator/midtrans/pay?kode=${va}`);
  await simulator.getByRole('button', { name: 'Bayar' }).click();
  await expect(simulator.getByRole('status')).toBeVisible();
  await expect(bill.getByTestId('bill-state')).toHaveText('Lunas', { timeout: 20_000 });

  await page.reload();
  await expect(page.getByTestId('offer-state')).toHaveText('Terdaftar ulang');
  const download = page.waitForEvent('download');
  await page.getByTestId('offer-panel').getByRole('button', { name: 'Unduh Perjanjian' }).click();
  expect((await download).suggestedFilename()).toBe(
    `Perjanjian Daftar Ulang ${first.registrationNumber}.pdf`,
  );

  // The second family declines with a reason.
  const secondPage = await parentPage(browser, second);
  const secondCard = secondPage.getByTestId('registrant-card');
  await secondCard.getByTestId('offer-panel').getByRole('button', { name: 'Tolak' }).click();
  const decline = secondPage.getByRole('dialog', { name: 'Tolak kursi?' });
  await decline.getByRole('combobox', { name: 'Alasan' }).click();
  await secondPage.getByRole('option', { name: 'Biaya terlalu mahal' }).click();
  await decline.getByRole('button', { name: 'Ya, Tolak Kursi' }).click();
  await expect(decline).toBeHidden();

  // The reserve family received the freed seat by itself.
  const reservePage = await parentPage(browser, reserve);
  const reserveCard = reservePage.getByTestId('registrant-card');
  await expect(reserveCard.getByTestId('offer-panel')).toContainText(
    `Ditawarkan karena kursi dari ${second.registrationNumber} dilepas; peringkat cadangan 1`,
  );
  await expect(reserveCard.getByTestId('offer-deadline')).toContainText('23.59 WIB');

  // Staff: the period's offers.
  const staff = await (await browser.newContext()).newPage();
  await loginAsAdmin(staff, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(staff).toHaveURL(/\/admin\/dashboard/);
  await staff
    .getByTestId('admin-sidebar')
    .getByRole('link', { name: 'Penawaran Kursi', exact: true })
    .click();
  await expect(staff.getByRole('heading', { name: 'Penawaran Kursi' })).toBeVisible();
  await staff.getByRole('combobox', { name: 'Periode Pendaftaran' }).fill(PERIOD);
  await staff.getByRole('option', { name: new RegExp(`^${PERIOD}`) }).click();
  // By the number's link: the refilled row's note names the declined registrant's number too.
  const row = (regno: string) =>
    staff.getByRole('row').filter({ has: staff.getByRole('link', { name: regno, exact: true }) });
  await expect(row(first.registrationNumber).getByTestId('offer-row-state')).toHaveText('Terdaftar ulang');
  await expect(row(second.registrationNumber).getByTestId('offer-row-state')).toHaveText('Ditolak');
  await expect(row(reserve.registrationNumber).getByTestId('offer-row-state')).toHaveText('Menunggu jawaban');
  await expect(staff.getByTestId('offer-count-re_registered')).toContainText('1');
  // Why families declined, drawn as bars and written out.
  await expect(
    staff
      .getByTestId('decline-chart')
      .getByTestId('decline-reason')
      .filter({ hasText: 'Biaya terlalu mahal' }),
  ).toHaveText('Biaya terlalu mahal: 1');
  await expect(staff.getByTestId('offer-templates')).toBeVisible();
  await expectAccessible(staff, '/admin/registrant/offers', ['main']);

  // Staff remind the reserve family of their open offer, after a confirmation.
  await staff.getByRole('checkbox', { name: `Pilih penawaran ${reserve.registrationNumber}` }).check();
  await staff.getByRole('button', { name: 'Ingatkan (1)' }).click();
  const confirm = staff.getByRole('dialog', { name: 'Kirim pengingat?' });
  await expect(confirm).toContainText('1 keluarga');
  await expectAccessible(staff, 'the remind dialog', ['[role="dialog"]']);
  await confirm.getByRole('button', { name: 'Ya, Kirim Pengingat' }).click();
  await expect(confirm).toBeHidden();
  await expect(staff.getByText('Pengingat penawaran kursi dikirim. (1 keluarga)')).toBeVisible();
});
