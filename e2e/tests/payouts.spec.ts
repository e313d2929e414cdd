import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO, loginAsAdmin } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { chooseOption } from '../support/select';

/**
 * Pencairan Dana with four eyes: a treasurer (a staff role with Rekonsiliasi) asks for a payout, is not offered
 * to approve it; the superadmin approves it after a confirmation, and the list shows it completed once the
 * simulator's bank has processed it and Iris' signed notifications arrived.
 */
const run = Date.now().toString(36);

/** A staff account of a new role allowed to read, create and decide payouts, made through the api (its password replaced). */
async function treasurer(request: APIRequestContext) {
  const login = await request.post('/api/v1/public/login', { data: { ...DEMO.superadmin, type: 'admin' } });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const role = await request.post('/api/v1/role', { headers, data: { name: `Bendahara ${run}` } });
  expect(role.ok(), await role.text()).toBe(true);
  const roleId = (await role.json()).data.id as number;
  const flags = await request.post(`/api/v1/role_module/${roleId}`, {
    headers,
    data: [
      {
        mst_module_name: 'Rekonsiliasi',
        read_action: 1,
        insert_action: 1,
        update_action: 1,
        delete_action: 0,
      },
    ],
  });
  expect(flags.ok(), await flags.text()).toBe(true);
  const account = { username: `bendahara.${run}@demo.sch.id`, password: 'rahasia123' };
  const user = await request.post('/api/v1/user', {
    headers,
    data: { name: `Bendahara ${run}`, email: account.username, role_id: roleId, password: account.password },
  });
  expect(user.ok(), await user.text()).toBe(true);
  // A password staff chose is temporary: the treasurer replaces it before using the console.
  const own = await request.post('/api/v1/public/login', { data: { ...account, type: 'admin' } });
  const changed = await request.put('/api/v1/public/change_password', {
    headers: { authorization: `Bearer ${(await own.json()).token}` },
    data: { old_password: account.password, password: `${account.password}-baru` },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  return { ...account, password: `${account.password}-baru` };
}

async function openPayouts(page: Page, account: { username: string; password: string }) {
  await loginAsAdmin(page, account.username, account.password);
  // The session is stored once the dashboard shows; a page opened before that loses its data to the login.
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto('/admin/uangsekolah/payout');
  await expect(page.getByRole('heading', { name: 'Pencairan Dana' })).toBeVisible();
}

test('one staff member creates a payout, another approves it, and the list shows it completed', async ({
  browser,
  request,
}) => {
  test.slow();
  const beneficiary = `Koperasi Sekolah ${run}`;
  const maker = await treasurer(request);

  const makerContext = await browser.newContext();
  const page = await makerContext.newPage();
  await openPayouts(page, maker);
  await page.getByRole('button', { name: 'Buat Payout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buat Payout' });
  await dialog.getByRole('button', { name: 'Buat Payout' }).click();
  await expect(dialog.getByText('Nama penerima wajib diisi.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Nama penerima' }).fill(beneficiary);
  await chooseOption(page, /Bank tujuan/, 'BNI');
  await dialog.getByRole('textbox', { name: 'Nomor rekening' }).fill('0123456789');
  await dialog.getByRole('textbox', { name: 'Jumlah' }).fill('1750000');
  await expect(dialog.getByText('Akan dicairkan Rp. 1.750.000')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Catatan' }).fill('Pengembalian kelebihan bayar seragam');
  await expectAccessible(page, 'Buat Payout form', ['[role="dialog"]']);
  await dialog.getByRole('button', { name: 'Buat Payout' }).click();
  await expect(page.getByText('Pencairan dibuat dan menunggu persetujuan staf lain.')).toBeVisible();

  const mine = page.getByRole('row', { name: new RegExp(beneficiary) });
  await expect(mine).toContainText('Rp. 1.750.000');
  await expect(mine).toContainText('Menunggu persetujuan');
  await expect(mine).toContainText('Menunggu persetujuan staf lain');
  await expect(mine.getByRole('button', { name: /Setujui/ })).toHaveCount(0);
  await expectAccessible(page, 'Pencairan Dana list', ['[data-testid="payout-page"]']);
  await makerContext.close();

  const checkerContext = await browser.newContext();
  const other = await checkerContext.newPage();
  await openPayouts(other, DEMO.superadmin);
  const row = other.getByRole('row', { name: new RegExp(beneficiary) });
  await row.getByRole('button', { name: /Setujui/ }).click();
  const confirm = other.getByRole('dialog', { name: 'Setujui pencairan?' });
  await expect(confirm).toContainText('Rp. 1.750.000');
  await confirm.getByRole('button', { name: 'Setujui' }).click();
  await expect(other.getByText('Pencairan disetujui.')).toBeVisible();
  // The bank processes it and Iris reports; the list asks again while the payout is still moving.
  await expect(row).toContainText('Selesai', { timeout: 20_000 });
  await expect(row).toContainText(`Bendahara ${run} / `);
  await checkerContext.close();
});
