import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, loginAsAdmin } from '../support/accounts';

const run = `${Date.now()}`.slice(-6);
const names = {
  type: `Tipe Uji ${run}`,
  code: `TU${run}`,
  component: `Komponen Uji ${run}`,
};

async function signInAsSuperadmin(page: Page) {
  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
}

async function openFromSidebar(page: Page, label: string) {
  await page.getByTestId('admin-sidebar').getByRole('link', { name: label, exact: true }).click();
}

async function openCreateForm(page: Page, button: string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A relation picker: search the related resource on the server, take the option whose label matches. */
async function pick(page: Page, dialog: Locator, label: string, search: string, option: RegExp) {
  const input = dialog.getByRole('combobox', { name: label, exact: true });
  await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
  await expect(input).toHaveValue(option);
}

async function saveAndExpectSuccess(page: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Data berhasil disimpan.').last()).toBeVisible();
}

const table = (page: Page) => page.getByTestId('resource-table');

test('staff set up a payment type, a component and its amount for a period and class, archive and restore it', async ({
  page,
}) => {
  test.slow();
  await signInAsSuperadmin(page);
  await expect(page.getByTestId('admin-sidebar').getByText('Data Pembayaran', { exact: true })).toBeVisible();

  // Payment type.
  await openFromSidebar(page, 'Tipe Pembayaran');
  await expect(page).toHaveURL(/\/admin\/mst_type_payment(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Data Tipe Pembayaran' })).toBeVisible();
  let dialog = await openCreateForm(page, 'Tambah Tipe Pembayaran');
  await dialog.getByRole('textbox', { name: 'Nama Tipe Pembayaran', exact: true }).fill(names.type);
  await dialog.getByRole('textbox', { name: 'Kode', exact: true }).fill(names.code);
  await saveAndExpectSuccess(page, dialog);
  await page.getByTestId('resource-search').fill(names.type);
  await expect(
    table(page).getByRole('row', { name: new RegExp(`${names.code}.*${names.type}`) }),
  ).toBeVisible();

  // Its component.
  await openFromSidebar(page, 'Komponen Pembayaran');
  dialog = await openCreateForm(page, 'Tambah Komponen Pembayaran');
  await dialog.getByRole('textbox', { name: 'Nama Komponen', exact: true }).fill(names.component);
  await pick(page, dialog, 'Tipe Pembayaran', names.type, new RegExp(`^${names.type}`));
  await saveAndExpectSuccess(page, dialog);

  // The amount of the component for Kelas 2 in the SD period, shown as rupiah.
  await openFromSidebar(page, 'Rincian Biaya');
  await expect(page).toHaveURL(/\/admin\/setup_payment(\?|$)/);
  dialog = await openCreateForm(page, 'Tambah Rincian Biaya');
  await pick(page, dialog, 'Periode Pendaftaran', 'Gelombang 1', /^Gelombang 1 · SD Harapan Bangsa/);
  await pick(page, dialog, 'Kelas', 'Kelas 2', /^Kelas 2/);
  await pick(page, dialog, 'Komponen Pembayaran', names.component, new RegExp(`^${names.component}`));
  await dialog.getByRole('textbox', { name: 'Nominal', exact: true }).fill('1250000');
  await saveAndExpectSuccess(page, dialog);
  await page.getByTestId('resource-search').fill(names.component);
  const row = table(page).getByRole('row', { name: new RegExp(names.component) });
  await expect(row).toContainText('Rp. 1.250.000');
  await expect(row).toContainText('Kelas 2');
  await expect(row).toContainText('Semua jalur');

  // Archive (with confirmation), find it among the non-active lines, restore it.
  await page.getByRole('button', { name: `Arsipkan ${names.component}` }).click();
  await page
    .getByRole('dialog', { name: 'Arsipkan data ini?' })
    .getByRole('button', { name: 'Arsipkan' })
    .click();
  await expect(page.getByText('Data berhasil diarsipkan.').last()).toBeVisible();
  await expect(table(page).getByText('Tidak ada data yang cocok.')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Data Non-Aktif' }).click();
  await expect(page).toHaveURL(/\/admin\/setup_payment\/nonactive$/);
  await page.getByTestId('resource-search').fill(names.component);
  await expect(table(page).getByRole('row', { name: new RegExp(names.component) })).toContainText(
    'Rp. 1.250.000',
  );
  await page.getByRole('button', { name: `Pulihkan ${names.component}` }).click();
  await page
    .getByRole('dialog', { name: 'Pulihkan data ini?' })
    .getByRole('button', { name: 'Pulihkan' })
    .click();
  await expect(page.getByText('Data berhasil dipulihkan.').last()).toBeVisible();
  await page.getByRole('link', { name: 'Data Aktif' }).click();
  await page.getByTestId('resource-search').fill(names.component);
  await expect(table(page).getByRole('row', { name: new RegExp(names.component) })).toContainText(
    'Rp. 1.250.000',
  );

  // The overview per period counts the line for its type.
  await openFromSidebar(page, 'Pembayaran per Periode');
  await expect(page.getByTestId('school-payment-overview')).toBeVisible();
  await expect(page.getByRole('row', { name: /Uang Pangkal/ }).first()).toContainText('Rp.');
});

test('the admin fee page previews what a parent pays through a channel', async ({ page }) => {
  test.slow();
  await signInAsSuperadmin(page);
  await openFromSidebar(page, 'Biaya Admin');
  await expect(page).toHaveURL(/\/admin\/convenience_fee(\?|$)/);
  // The seeded fees: flat for virtual accounts, 0,7 % (at least Rp. 1.000) for QRIS.
  // The first list of a page also loads the screens' chunk: allowed longer on a busy machine.
  await expect(table(page).getByRole('row', { name: /Biaya Admin QRIS/ })).toContainText('0,7%', {
    timeout: 30_000,
  });
  const calculator = page.getByTestId('fee-calculator');
  await expect(calculator.getByRole('combobox', { name: 'Kanal pembayaran' })).toBeEnabled();
  await calculator.getByRole('combobox', { name: 'Kanal pembayaran' }).click();
  await page.getByRole('option', { name: 'QRIS', exact: true }).click();
  await calculator.getByRole('textbox', { name: 'Total tagihan' }).fill('1250001');
  await expect(calculator.getByTestId('calculator-result')).toHaveText(
    /Total Rp\. 1\.250\.001.*Biaya Admin Rp\. 8\.751.*Dibayar Rp\. 1\.258\.752/,
  );
  await calculator.getByRole('combobox', { name: 'Kanal pembayaran' }).click();
  await page.getByRole('option', { name: 'BCA Virtual Account', exact: true }).click();
  await expect(calculator.getByTestId('calculator-result')).toHaveText(
    /Biaya Admin Rp\. 4\.000.*Dibayar Rp\. 1\.254\.001/,
  );
});
