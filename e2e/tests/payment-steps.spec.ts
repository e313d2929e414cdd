import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { sampleAnswers } from '@psb/contracts';
import { DEMO, loginAsAdmin, loginAsParent } from '../support/accounts';
import { publishedBill } from '../support/bills';
import { runDir } from '../support/env';
import { ownPeriod, registrantIn, registrantInOwnPeriod } from '../support/own-period';

/**
 * The money steps a tester walks through in the browser: a VA paid with another amount than asked (a closed
 * VA refuses it as a bank would; an open-amount VA takes it, and the parent is told what was received), the
 * form-fee bill on the parent's page right after Submit, and a provider notification whose amount cannot be
 * read shown to staff on Rekonsiliasi in Indonesian.
 */
const run = Date.now().toString(36);

// biome-ignore lint/suspicious/noExplicitAny: answers of calls set up for the test, read field by field
const json = async (res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<any> => {
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
};

/** The parent's card of the bill of `typeName` on the registrant's page, a VA of `channel` asked for. */
async function vaFor(page: Page, typeName: string, channel: string) {
  const card = page
    .getByTestId('bills-panel')
    .locator('[data-testid^="bill-"]')
    .filter({ hasText: typeName });
  await expect(card.getByTestId('bill-state')).toHaveText('Belum dibayar');
  await card.getByRole('combobox', { name: 'Metode pembayaran' }).click();
  await page.getByRole('option', { name: channel }).click();
  await card.getByRole('button', { name: 'Dapatkan nomor pembayaran' }).click();
  const va = (await card.getByTestId('va-number').textContent())?.trim() ?? '';
  expect(va).toMatch(/^\d{8,}$/);
  const toPay = /Jumlah yang dibayar: Rp\. ([\d.]+)/.exec(
    (await card.getByTestId('charge-box').textContent()) ?? '',
  )?.[1];
  expect(toPay).toBeTruthy();
  return { card, va, toPay: Number(toPay!.replace(/\./g, '')) };
}

test('a closed VA refuses another amount; an open-amount VA takes it and the parent sees what was received', async ({
  page,
  context,
  request,
}) => {
  test.slow();
  const { parent, staffToken, registrantId } = await registrantInOwnPeriod(
    request,
    `Gelombang Nominal ${run}`,
  );
  for (const typeName of [`Seragam ${run}`, `Buku ${run}`])
    await publishedBill(request, staffToken, registrantId, { cost: 400_000, typeName });
  await loginAsParent(page, parent.email, parent.password);
  await page.getByTestId('registrant-card').getByRole('button', { name: 'Detail' }).click();
  await expect(page).toHaveURL(/\/registrant$/);
  const simulator = await context.newPage();

  // BCA: a fixed amount. The simulator's teller refuses Rp. 50.000 less, and nothing is paid.
  const closed = await vaFor(page, `Seragam ${run}`, 'BCA Virtual Account');
  await simulator.goto(`/simulator/midtrans/pay?kode=${closed.va}`);
  await expect(simulator.getByRole('cell', { name: 'Tetap (harus sama dengan tagihan)' })).toBeVisible();
  await simulator.getByRole('textbox', { name: /Jumlah dibayar/ }).fill(String(closed.toPay - 50_000));
  await simulator.getByRole('button', { name: 'Bayar' }).click();
  await expect(simulator.getByText(/Ditolak bank: nomor ini bernominal tetap/)).toBeVisible();
  await expect(simulator.getByRole('cell', { name: 'Menunggu pembayaran' })).toBeVisible();
  await expect(closed.card.getByTestId('bill-state')).toHaveText('Belum dibayar');

  // BNI: an open amount. The short payment goes through, is not called Lunas, and the parent is told.
  const open = await vaFor(page, `Buku ${run}`, 'BNI Virtual Account');
  await simulator.goto(`/simulator/midtrans/pay?kode=${open.va}`);
  await expect(simulator.getByRole('cell', { name: 'Terbuka (bayar berapa saja)' })).toBeVisible();
  await simulator.getByRole('textbox', { name: /Jumlah dibayar/ }).fill(String(open.toPay - 50_000));
  await simulator.getByRole('button', { name: 'Bayar' }).click();
  await expect(simulator.getByRole('cell', { name: /kurang Rp\. 50\.000 dari tagihan/ })).toBeVisible();
  await expect(simulator.getByRole('cell', { name: 'Lunas', exact: true })).toHaveCount(0);
  const received = open.card.getByTestId('bill-received');
  await expect(received).toContainText(`Diterima Rp. ${(open.toPay - 50_000).toLocaleString('id-ID')}`, {
    timeout: 20_000,
  });
  await expect(received).toContainText('Sekolah sedang memeriksa selisihnya');
  await expect(open.card.getByTestId('bill-state')).not.toHaveText('Lunas');
});

test("the form-fee bill is on the parent's page right after Submit, without a reload", async ({
  page,
  request,
}) => {
  test.slow();
  const own = await ownPeriod(request, `Gelombang Formulir ${run}`);
  const { headers, period } = own;
  const type = await json(
    await request.post('/api/v1/mst_type_payment', {
      headers,
      data: { name: `Biaya Formulir ${run}`, code: `FORM${run}`.slice(0, 30) },
    }),
  );
  const component = await json(
    await request.post('/api/v1/mst_payment', {
      headers,
      data: { name: `Formulir ${run}`, mst_type_payment_id: type.data.id },
    }),
  );
  await json(
    await request.post('/api/v1/setup_payment', {
      headers,
      data: { school_period_id: period.id, mst_payment_id: component.data.id, amount: 175_000 },
    }),
  );
  await json(
    await request.post('/api/v1/school_payment', {
      headers,
      data: {
        school_period_id: period.id,
        mst_type_payment_id: type.data.id,
        generate_after_registration: true,
      },
    }),
  );
  const { parent, registrantId } = await registrantIn(request, own);
  const login = await json(
    await request.post('/api/v1/public/login', {
      data: { username: parent.email, password: parent.password },
    }),
  );
  await json(
    await request.post('/api/v1/registrant_answer', {
      headers: { Authorization: `Bearer ${login.token}` },
      data: { registrant_id: registrantId, data: sampleAnswers() },
    }),
  );

  await loginAsParent(page, parent.email, parent.password);
  const card = page.getByTestId('registrant-card');
  await card.getByRole('button', { name: 'Submit' }).click();
  await page
    .getByRole('dialog', { name: 'Kirim data calon murid?' })
    .getByRole('button', { name: 'Ya, Kirim' })
    .click();
  await expect(card.getByTestId('submission-receipt')).toBeVisible();
  // The card names the bill as what to do now, and the bill is there behind Detail, with no reload between.
  await expect(card.getByTestId('next-step')).toContainText('Ada tagihan yang belum lunas');
  await card.getByRole('button', { name: 'Detail' }).click();
  const bill = page
    .getByTestId('bills-panel')
    .locator('[data-testid^="bill-"]')
    .filter({
      hasText: `Biaya Formulir ${run}`,
    });
  await expect(bill.getByTestId('bill-state')).toHaveText('Belum dibayar');
  await expect(bill).toContainText('Rp. 175.000');
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
});

test('a provider notification whose amount cannot be read is on Rekonsiliasi, said in Indonesian', async ({
  page,
  request,
}) => {
  test.slow();
  const { staffToken, registrantId } = await registrantInOwnPeriod(request, `Gelombang Tak Terbaca ${run}`);
  const { billId, headers } = await publishedBill(request, staffToken, registrantId, {
    cost: 300_000,
    typeName: `Kegiatan ${run}`,
  });
  const charge = await json(
    await request.post(`/api/v1/registrant_header_payments/generate_va/${billId}`, {
      headers,
      data: { channel: 'bni' },
    }),
  );
  const orderId = charge.data.order_id as string;
  // A signed settlement whose amount is written in a form no bank sends ("1e5").
  const serverKey = (
    JSON.parse(fs.readFileSync(path.join(runDir, 'data', 'secrets.json'), 'utf8')) as {
      midtransSimulatorKey: string;
    }
  ).midtransSimulatorKey;
  const gross = '1e5';
  const sent = await request.post('/api/v1/us/midtrans_notification', {
    data: {
      transaction_time: '2026-11-23 10:00:00',
      transaction_status: 'settlement',
      transaction_id: crypto.randomUUID(),
      status_message: 'midtrans payment notification',
      status_code: '200',
      signature_key: crypto.createHash('sha512').update(`${orderId}200${gross}${serverKey}`).digest('hex'),
      settlement_time: '2026-11-23 10:05:00',
      payment_type: 'bank_transfer',
      order_id: orderId,
      merchant_id: 'G000000000',
      gross_amount: gross,
      fraud_status: 'accept',
      currency: 'IDR',
    },
  });
  expect(sent.status()).toBe(200);

  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto('/admin/uangsekolah/rekonsiliasi');
  await page.getByRole('button', { name: 'Cocokkan' }).click();
  const row = page.getByRole('row', { name: new RegExp(orderId) });
  await expect(row).toContainText('Jumlah di notifikasi tidak terbaca (perlu diperiksa)', {
    timeout: 20_000,
  });
});
