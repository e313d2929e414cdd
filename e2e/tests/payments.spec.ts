import { expect, test } from '@playwright/test';
import { loginAsParent } from '../support/accounts';
import { publishedBill } from '../support/bills';
import { registrantInOwnPeriod } from '../support/own-period';

/**
 * A parent with a published bill opens the registrant page, asks for a BNI virtual account, pays it on the
 * payment simulator in a second tab, and the first tab turns to "Lunas" by itself (no reload) with the
 * payment's receipt reference; the receipt then downloads as a PDF.
 */
const run = Date.now().toString(36);

test('a parent pays a VA in another tab and the bill shows Lunas without a reload', async ({
  page,
  context,
  request,
}) => {
  test.slow();
  const { parent, staffToken, registrantId } = await registrantInOwnPeriod(request, `Gelombang Bayar ${run}`);
  await publishedBill(request, staffToken, registrantId, {
    cost: 2_500_000,
    typeName: `Uang Pangkal ${run}`,
  });

  await loginAsParent(page, parent.email, parent.password);
  await page.getByTestId('registrant-card').getByRole('button', { name: 'Detail' }).click();
  await expect(page).toHaveURL(/\/registrant$/);
  const card = page.getByTestId('bills-panel').locator('[data-testid^="bill-"]').first();
  await expect(card.getByTestId('bill-state')).toHaveText('Belum dibayar');
  await expect(card).toContainText('Rp. 2.500.000');

  await card.getByRole('combobox', { name: 'Metode pembayaran' }).click();
  await page.getByRole('option', { name: 'BNI Virtual Account' }).click();
  await card.getByRole('button', { name: 'Dapatkan nomor pembayaran' }).click();
  const va = (await card.getByTestId('va-number').textContent())?.trim() ?? '';
  expect(va).toMatch(/^\d{8,}$/);
  await expect(card.getByTestId('charge-countdown')).toContainText('WIB');
  // What the parent is asked to pay: the bill plus the channel's admin fee, if the school set one.
  const toPay = /Jumlah yang dibayar: (Rp\. [\d.]+)/.exec(
    (await card.getByTestId('charge-box').textContent()) ?? '',
  )?.[1];
  expect(toPay).toMatch(/^Rp\. 2\.5\d\d\.\d{3}$/);

  const simulator = await context.newPage();
  await simulator.goto(`/simulator/midtrans/pay?kode=${va}`);
  await expect(simulator.getByRole('table')).toContainText(toPay!);
  await simulator.getByRole('button', { name: 'Bayar' }).click();
  await expect(simulator.getByRole('status')).toBeVisible();

  await expect(card.getByTestId('bill-state')).toHaveText('Lunas', { timeout: 20_000 });
  // Proof of payment at once, on the same page: the reference the parent's message carries too.
  await expect(card.getByTestId('payment-receipt-reference')).toHaveText(/^BYR-.+-\d+$/);
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Unduh bukti pembayaran' }).click();
  expect((await download).suggestedFilename()).toMatch(/^Bukti Pembayaran .+\.pdf$/);
});
