import { expect, type Page } from '@playwright/test';

/**
 * Picks an option of a Mantine select found by its label. The list may be redrawn while its data arrives, so
 * a click that lands on a vanishing option is tried again.
 */
export async function chooseOption(page: Page, label: RegExp, option: string | RegExp) {
  const input = page.getByRole('combobox', { name: label });
  await expect(async () => {
    if ((await input.getAttribute('aria-expanded')) !== 'true') await input.click();
    await page.getByRole('option', { name: option }).first().click({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}
