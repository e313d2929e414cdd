import { expect, type Locator, type Page } from '@playwright/test';
import { openFromSidebar } from './sidebar';

/**
 * The resource engine's staff forms, as a person fills them: open a list from the sidebar, press "Tambah …",
 * fill text fields, pick related records by typing part of their name, save and see the success message.
 */
export async function openCreateForm(page: Page, sidebarLabel: string, button: string) {
  await openFromSidebar(page, sidebarLabel);
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A relation picker: search the related resource on the server, take the option whose label starts so. */
export async function pick(page: Page, dialog: Locator, label: string, search: string) {
  const input = dialog.getByRole('combobox', { name: label, exact: true });
  await input.fill(search);
  await page
    .getByRole('option', { name: new RegExp(`^${search.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`) })
    .first()
    .click();
}

export const text = (dialog: Locator, label: string) =>
  dialog.getByRole('textbox', { name: label, exact: true });

export async function save(page: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Data berhasil disimpan.').last()).toBeVisible();
}
