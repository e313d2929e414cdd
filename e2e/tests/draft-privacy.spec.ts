import { expect, type Page, test } from '@playwright/test';
import { loginAsParent, newParentWithRegistrant, newVoucher } from '../support/accounts';

/**
 * A family or school computer is shared: what a parent typed about a child is kept on the device only while
 * that parent is signed in. After logout nothing of the registrant may be left in web storage or IndexedDB.
 */

// Unique per run, so finding it anywhere can only mean this test's typing was kept.
const CHILD = `Anak Rahasia ${Date.now().toString(36)}`;

/** Every key and value of localStorage and sessionStorage, and every record of every IndexedDB store. */
async function deviceData(page: Page) {
  return page.evaluate(async () => {
    const dump = (s: Storage) => Object.entries({ ...s });
    const idb: string[] = [];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name as string);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const all = db.transaction(store, 'readonly').objectStore(store).getAll();
          all.onsuccess = () => resolve(all.result);
          all.onerror = () => reject(all.error);
        });
        idb.push(JSON.stringify(rows));
      }
      db.close();
    }
    return { local: dump(localStorage), session: dump(sessionStorage), idb };
  });
}

test('logout leaves no registrant draft in local storage', async ({ page, request }) => {
  const parent = await newParentWithRegistrant(request, await newVoucher(request));

  await loginAsParent(page, parent.email, parent.password);
  await page.getByRole('button', { name: 'Isi Formulir' }).click();
  await expect(page).toHaveURL(/\/registrant\/survey$/);
  await page.getByRole('textbox', { name: /^Nama Lengkap$/ }).fill(CHILD);

  // The draft is on the device, under a key naming the tenant and the parent.
  await expect
    .poll(async () => (await deviceData(page)).local.filter(([, value]) => value.includes(CHILD)))
    .toEqual([[expect.stringMatching(/^psb-draft:[^:]+:\d+:survey:\d+$/), expect.any(String)]]);

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Keluar' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('welcome-text')).toBeVisible();

  const after = await deviceData(page);
  expect(after.local.map(([key]) => key).filter((key) => key.includes('draft'))).toEqual([]);
  expect(JSON.stringify(after)).not.toContain(CHILD);
  // Nor after a reload (nothing written back on the way out).
  await page.reload();
  await expect(page.getByTestId('welcome-text')).toBeVisible();
  expect(JSON.stringify(await deviceData(page))).not.toContain(CHILD);
});
