import { expect, test } from '@playwright/test';
import { DEMO, loginAsAdmin } from '../support/accounts';
import { publishedBill } from '../support/bills';
import { registrantInOwnPeriod } from '../support/own-period';

/**
 * Staff side of payments: a parent paid a VA short by Rp. 1.000 (seeded through the simulator), staff find
 * the mismatch on Rekonsiliasi and credit the bill with a reason; and staff record a cash payment on a bill
 * from the payments list, which then reads Lunas with the reason in its history.
 */
const run = Date.now().toString(36);

test('staff reconcile a short payment and the bill is credited, with the reason kept', async ({
  page,
  request,
}) => {
  test.slow();
  const { staffToken, registrantId } = await registrantInOwnPeriod(request, `Gelombang Rekon ${run}`);
  const { billId, typeId, headers } = await publishedBill(request, staffToken, registrantId, {
    cost: 750_000,
    typeName: `Seragam ${run}`,
  });
  const charge = await request.post(`/api/v1/registrant_header_payments/generate_va/${billId}`, {
    headers,
    data: { channel: 'bni' },
  });
  expect(charge.ok(), await charge.text()).toBe(true);
  const { order_id, va_number, gross_amount } = (await charge.json()).data;
  const paid = await request.post('/simulator/midtrans/pay', {
    data: { va_number, amount: gross_amount - 1000 },
  });
  expect(paid.ok(), await paid.text()).toBe(true);

  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  // The session is stored once the dashboard shows; a page opened before that loses its data to the login.
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto('/admin/uangsekolah/rekonsiliasi');
  await page.getByRole('button', { name: 'Cocokkan' }).click();
  const row = page.getByRole('row', { name: new RegExp(order_id) });
  await expect(row).toContainText('Jumlah berbeda', { timeout: 20_000 });
  await row.getByRole('button', { name: 'Kreditkan tagihan' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Alasan' }).fill('Kekurangan Rp. 1.000 dibayar tunai');
  await dialog.getByRole('button', { name: 'Kreditkan tagihan' }).click();
  await expect(page.getByText('Selisih berhasil diselesaikan.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(order_id) })).toHaveCount(0);

  await page.goto(`/admin/registrant/payment?type=${typeId}`);
  await page
    .getByRole('row', { name: /Seragam/ })
    .first()
    .click();
  const drawer = page.getByTestId('bill-drawer');
  await expect(drawer.getByTestId('bill-drawer-state')).toHaveText('Lunas');
  await expect(drawer.getByTestId('bill-history')).toContainText('Kekurangan Rp. 1.000 dibayar tunai');
});

test('staff record a cash payment from the payments list', async ({ page, request }) => {
  test.slow();
  const { staffToken, registrantId } = await registrantInOwnPeriod(request, `Gelombang Tunai ${run}`);
  const { typeId } = await publishedBill(request, staffToken, registrantId, {
    cost: 300_000,
    typeName: `Buku ${run}`,
  });

  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  // The session is stored once the dashboard shows; a page opened before that loses its data to the login.
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto(`/admin/registrant/payment?type=${typeId}`);
  // The first visit to the payments screens loads their remote; on a loaded runner that has taken longer than
  // an assertion's wait, so wait for the bill's row as an action does (up to the test's time).
  const row = page.getByRole('row', { name: /Rp\. 300\.000/ });
  await row.waitFor();
  await expect(page.getByTestId('bill-counts')).toContainText('Belum dibayar (1)');
  await row.click();
  const drawer = page.getByTestId('bill-drawer');
  await drawer.getByRole('button', { name: 'Setujui pembayaran' }).click();
  const dialog = page.getByRole('dialog', { name: 'Setujui pembayaran?' });
  await dialog.getByRole('textbox', { name: 'Alasan' }).fill('Dibayar tunai di loket');
  await dialog.getByRole('button', { name: 'Setujui' }).click();
  await expect(drawer.getByTestId('bill-drawer-state')).toHaveText('Lunas');
  await expect(drawer.getByTestId('bill-history')).toContainText('Dibayar tunai di loket');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('bill-counts')).toContainText('Lunas (1)');
});

test('staff add a line to an unpaid bill in its drawer; the total follows and the history says so', async ({
  page,
  request,
}) => {
  test.slow();
  const { staffToken, registrantId } = await registrantInOwnPeriod(request, `Gelombang Rincian ${run}`);
  const { typeId } = await publishedBill(request, staffToken, registrantId, {
    cost: 200_000,
    typeName: `Kegiatan ${run}`,
  });
  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto(`/admin/registrant/payment?type=${typeId}`);
  const row = page.getByRole('row', { name: /Rp\. 200\.000/ });
  await row.waitFor();
  await row.click();
  const drawer = page.getByTestId('bill-drawer');
  await drawer.getByRole('button', { name: 'Tambah rincian' }).click();
  const form = page.getByRole('dialog', { name: 'Tambah rincian' });
  await form.getByRole('textbox', { name: 'Nama rincian' }).fill('Kaos Olahraga');
  await form.getByRole('textbox', { name: 'Jumlah (Rp)' }).fill('85000');
  await form.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Rincian tagihan berhasil ditambahkan.')).toBeVisible();
  const lines = drawer.getByTestId('bill-lines');
  await expect(lines.getByRole('row', { name: /Kaos Olahraga/ })).toContainText('Rp. 85.000');
  await expect(lines.getByRole('row', { name: /^Total/ })).toContainText('Rp. 285.000');
  await expect(drawer.getByTestId('bill-history')).toContainText('Rincian tagihan diubah');

  await lines.getByRole('button', { name: 'Hapus Kaos Olahraga' }).click();
  await page.getByRole('dialog', { name: 'Hapus rincian?' }).getByRole('button', { name: 'Hapus' }).click();
  await expect(lines.getByRole('row', { name: /^Total/ })).toContainText('Rp. 200.000');
});
