import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { runDir } from '../support/env';

/**
 * A tester pays a virtual account on the Midtrans simulator's page, in a real browser under the app's CSP:
 * finds the bill by its VA number, sees the amount and status, presses Bayar, and sees it paid.
 */

/** The simulator's server key, generated into the run's DATA_DIR (no MIDTRANS_SERVER_KEY in e2e). */
const serverKey = () =>
  (
    JSON.parse(fs.readFileSync(path.join(runDir, 'data', 'secrets.json'), 'utf8')) as {
      midtransSimulatorKey: string;
    }
  ).midtransSimulatorKey;

test('a tester finds a BNI virtual account and pays it', async ({ page, request }) => {
  const orderId = `E2E-${Date.now().toString(36)}`;
  const charge = await request.post('/simulator/midtrans/v2/charge', {
    headers: { Authorization: `Basic ${Buffer.from(`${serverKey()}:`).toString('base64')}` },
    data: {
      payment_type: 'bank_transfer',
      bank_transfer: { bank: 'bni' },
      transaction_details: { order_id: orderId, gross_amount: 1_250_000 },
      item_details: [{ id: 'biaya', name: 'Biaya pendaftaran', price: 1_250_000, quantity: 1 }],
      customer_details: { first_name: 'Budi' },
    },
  });
  const answer = (await charge.json()) as { status_code: string; va_numbers: { va_number: string }[] };
  expect(answer.status_code).toBe('201');
  const va = answer.va_numbers[0]!.va_number;

  const blocked: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') blocked.push(m.text());
  });
  await page.goto('/simulator/midtrans/pay');
  await expect(page.getByRole('heading', { name: 'Simulator Pembayaran' })).toBeVisible();
  await page.getByLabel('Nomor VA, kode bayar Mandiri, atau order id').fill(va);
  await page.getByRole('button', { name: 'Cari tagihan' }).click();

  await expect(page.getByRole('cell', { name: 'Rp. 1.250.000' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'BNI Virtual Account' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Menunggu pembayaran' })).toBeVisible();
  await expectAccessible(page, 'simulator pay page');

  await page.getByRole('button', { name: 'Bayar' }).click();
  await expect(page.getByRole('status')).toContainText('Pembayaran tercatat');
  await expect(page.getByRole('cell', { name: 'Lunas' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bayar' })).toHaveCount(0);
  expect(blocked).toEqual([]);
});
