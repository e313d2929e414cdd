import { expect, type Page } from '@playwright/test';

/**
 * Opens a staff page from the sidebar, as a staff member would, and waits until the sidebar marks it as the
 * current page: until then the previous page may still be on screen, and typing would land in its fields.
 */
export async function openFromSidebar(page: Page, label: string) {
  const link = page.getByTestId('admin-sidebar').getByRole('link', { name: label, exact: true });
  await link.click();
  await expect(link).toHaveAttribute('aria-current', 'page');
}
