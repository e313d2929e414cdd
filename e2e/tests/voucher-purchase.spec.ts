import { expect, test } from '@playwright/test';
import { loginAsParent, newParent } from '../support/accounts';
import { ownPeriod } from '../support/own-period';
import { chooseOption } from '../support/select';

/**
 * A parent without a voucher buys two online from the dashboard, pays the VA on the payment simulator in a
 * second tab, sees the two codes appear by themselves, and uses one to add a registrant in a period of its own.
 */
const run = Date.now().toString(36);

test('a parent buys two vouchers, pays them, and uses one to add a registrant', async ({
  page,
  context,
  request,
}) => {
  test.slow();
  const { school, period } = await ownPeriod(request, `Gelombang Voucher ${run}`);
  const parent = newParent();
  const registered = await request.post('/api/v1/public/register', {
    data: { name: parent.name, email: parent.email, phone_number: parent.phone, password: parent.password },
  });
  expect(registered.ok(), await registered.text()).toBe(true);

  await loginAsParent(page, parent.email, parent.password);
  const card = page.getByTestId('buy-voucher-card');
  await card.getByRole('button', { name: 'Beli Voucher' }).click();
  const dialog = page.getByRole('dialog', { name: 'Beli Voucher Pendaftaran' });
  await dialog.getByLabel(/^Jumlah Voucher/).fill('2');
  await chooseOption(page, /^Metode Pembayaran/, 'BNI Virtual Account');
  // Two vouchers at the year's price plus BNI's admin fee, when it has one.
  await expect(dialog.getByTestId('voucher-total')).toHaveText(/^Rp\. [\d.]+$/);
  const total = (await dialog.getByTestId('voucher-total').textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Beli' }).click();

  const va = ((await dialog.getByTestId('va-number').textContent()) ?? '').trim();
  expect(va).toMatch(/^\d{8,}$/);
  await expect(dialog.getByTestId('waiting-payment')).toBeVisible();
  await expect(dialog.getByTestId('charge-box')).toContainText(total);

  const simulator = await context.newPage();
  await simulator.goto(`/simulator/midtrans/pay?kode=${va}`);
  await expect(simulator.getByRole('table')).toContainText(total);
  await simulator.getByRole('button', { name: 'Bayar' }).click();
  await expect(simulator.getByRole('status')).toBeVisible();
  await simulator.close();

  const codes = dialog.getByTestId('voucher-code');
  await expect(codes).toHaveCount(2, { timeout: 20_000 });
  const first = ((await codes.first().textContent()) ?? '').trim();
  expect(first).toMatch(/^[A-Z0-9]{10}$/);
  await dialog.getByRole('button', { name: 'Gunakan' }).first().click();

  const add = page.getByRole('dialog', { name: 'Tambah Calon Murid' });
  await expect(add.getByLabel(/^Kode Voucher/)).toHaveValue(first);
  await chooseOption(page, /^Sekolah/, school.name);
  await chooseOption(page, /^Periode pendaftaran/, new RegExp(`^${period.name}`));
  await chooseOption(page, /^Kelas/, /^Kelas 1 · sisa \d+ kursi$/);
  await add.getByRole('button', { name: 'Tambah' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByTestId('registrant-card')).toHaveCount(1);
  // The other code is still there for the next child.
  await expect(card).toContainText('1 belum digunakan');
});
