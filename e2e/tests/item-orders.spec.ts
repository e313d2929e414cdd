import { expect, test } from '@playwright/test';
import { DEMO, loginAsAdmin, loginAsParent } from '../support/accounts';
import { registrantInOwnPeriod } from '../support/own-period';
import { chooseOption } from '../support/select';

/**
 * A parent orders an item of the school on the registrant page and checks out (a VA number, an invoice PDF);
 * staff find the order in Pesanan Barang with its total and download the item's orders as Excel.
 */
const run = Date.now().toString(36);
const ITEM = `Seragam Batik ${run}`;

test("a parent orders an item and checks out; staff see the order and export the item's orders", async ({
  page,
  request,
}) => {
  test.slow();
  const { parent, staffToken, registrationNumber } = await registrantInOwnPeriod(
    request,
    `Gelombang Barang ${run}`,
  );
  const item = await request.post('/api/v1/mst_item', {
    headers: { Authorization: `Bearer ${staffToken}` },
    data: { name: ITEM, price: 175_000 },
  });
  expect(item.ok(), await item.text()).toBe(true);
  // The parent orders two on the registrant page and checks out on BRI.
  await loginAsParent(page, parent.email, parent.password);
  await page.getByTestId('registrant-card').getByRole('button', { name: 'Detail' }).click();
  const panel = page.getByTestId('orders-panel');
  await panel.getByRole('textbox', { name: `Jumlah ${ITEM}` }).fill('2');
  await chooseOption(page, /^Metode Pembayaran/, 'BRI Virtual Account');
  await panel.getByRole('button', { name: 'Pesan dan Bayar' }).click();
  const placed = panel.locator('[data-testid^="order-"]').filter({ hasText: `${ITEM} × 2` });
  await expect(placed).toContainText('Menunggu pembayaran');
  await expect(placed.getByTestId('va-number')).toHaveText(/^\d{8,}$/);
  const total = (
    (await placed
      .getByText(/^Rp\. [\d.]+$/)
      .last()
      .textContent()) ?? ''
  ).trim();
  const invoice = page.waitForEvent('download');
  await placed.getByRole('button', { name: 'Unduh invoice' }).click();
  expect((await invoice).suggestedFilename()).toMatch(/^Invoice Pesanan \d+\.pdf$/);

  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto(`/admin/registrant/detailorder?search=${registrationNumber}`);
  // The remote's chunk loads after the reload; on a busy machine that can take a while.
  await expect(page.getByTestId('order-list-page')).toBeVisible({ timeout: 30_000 });
  const row = page.getByTestId('order-list-page').getByRole('row').filter({ hasText: registrationNumber });
  await expect(row).toContainText(`${ITEM} × 2`);
  await expect(row).toContainText('Menunggu pembayaran');
  await expect(row).toContainText(total);

  await chooseOption(page, /^Ekspor pesanan per barang/, ITEM);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Ekspor Excel' }).click();
  expect((await download).suggestedFilename()).toBe(`Pesanan ${ITEM}.xlsx`);
});

test('a parent whose item order ran out sees it expired and gets a new payment number', async ({
  page,
  request,
}) => {
  test.slow();
  const item = `Buku Tulis ${run}`;
  const { parent, staffToken, registrantId } = await registrantInOwnPeriod(
    request,
    `Gelombang Kedaluwarsa ${run}`,
  );
  const headers = { Authorization: `Bearer ${staffToken}` };
  expect(
    (await request.post('/api/v1/mst_item', { headers, data: { name: item, price: 40_000 } })).ok(),
  ).toBe(true);
  await loginAsParent(page, parent.email, parent.password);
  await page.getByTestId('registrant-card').getByRole('button', { name: 'Detail' }).click();
  const panel = page.getByTestId('orders-panel');
  await panel.getByRole('textbox', { name: `Jumlah ${item}` }).fill('1');
  await chooseOption(page, /^Metode Pembayaran/, 'BNI Virtual Account');
  await panel.getByRole('button', { name: 'Pesan dan Bayar' }).click();
  const placed = panel.locator('[data-testid^="order-"]').filter({ hasText: `${item} × 1` });
  const oldVa = (await placed.getByTestId('va-number').textContent()) ?? '';
  expect(oldVa).toMatch(/^\d{8,}$/);

  // The number runs out at the simulator, which tells us as Midtrans would.
  const login = await request.post('/api/v1/public/login', {
    data: { username: parent.email, password: parent.password },
  });
  const orders = await request.get(`/api/v1/registrant_order/trans/${registrantId}`, {
    headers: { Authorization: `Bearer ${(await login.json()).token}` },
  });
  const [order] = (await orders.json()).data as { id: number; charge: { order_id: string } }[];
  const expired = await request.post('/simulator/midtrans/expire', {
    data: { order_id: order!.charge.order_id },
  });
  expect(expired.ok(), await expired.text()).toBe(true);

  // The registrant's page again (the reload stays on it), now with what the api knows.
  await page.reload();
  const stale = page.getByTestId(`expired-order-${order!.id}`);
  await expect(stale).toContainText('Pembayaran kedaluwarsa');
  await stale.getByRole('button', { name: 'Buat Nomor Baru' }).click();
  const renewed = page.getByTestId(`order-${order!.id}`);
  await expect(renewed).toContainText('Menunggu pembayaran');
  await expect(renewed.getByTestId('va-number')).toHaveText(/^\d{8,}$/);
  expect(await renewed.getByTestId('va-number').textContent()).not.toBe(oldVa);
});
