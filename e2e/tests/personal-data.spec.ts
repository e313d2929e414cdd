import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { bearer, DEMO, loginAsAdmin, loginAsParent, parentWithAnswers } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { pdfLines } from '../support/pdf';
import { unzipEntries } from '../support/zip';

const run = Date.now().toString(36);

/** A staff account whose role reads Calon Murid but has no Data Sensitif (its password replaced). */
async function staffWithoutSensitive(request: APIRequestContext) {
  const headers = await bearer(request, DEMO.superadmin.username, DEMO.superadmin.password, 'admin');
  const role = await request.post('/api/v1/role', { headers, data: { name: `Verifikator ${run}` } });
  expect(role.ok(), await role.text()).toBe(true);
  const roleId = (await role.json()).data.id as number;
  const flags = await request.post(`/api/v1/role_module/${roleId}`, {
    headers,
    data: [
      {
        mst_module_name: 'Calon Murid',
        read_action: 1,
        insert_action: 0,
        update_action: 0,
        delete_action: 0,
      },
    ],
  });
  expect(flags.ok(), await flags.text()).toBe(true);
  const account = { username: `verifikator.${run}@demo.sch.id`, password: 'rahasia123' };
  const user = await request.post('/api/v1/user', {
    headers,
    data: {
      name: `Verifikator ${run}`,
      email: account.username,
      role_id: roleId,
      password: account.password,
    },
  });
  expect(user.ok(), await user.text()).toBe(true);
  const own = await request.post('/api/v1/public/login', { data: { ...account, type: 'admin' } });
  const changed = await request.put('/api/v1/public/change_password', {
    headers: { authorization: `Bearer ${(await own.json()).token}` },
    data: { old_password: account.password, password: `${account.password}-baru` },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  return { ...account, password: `${account.password}-baru` };
}

test('a parent downloads their data; staff without Data Sensitif see sensitive answers hidden', async ({
  page,
  request,
}) => {
  const childName = `Anak Privasi ${run}`;
  const { parent, registrantId } = await parentWithAnswers(request, { '1': childName, '7': 'AB' });

  // --- The parent: optional consents and "Data Saya" on the profile ---------------------------------------
  await loginAsParent(page, parent.email, parent.password);
  await page.goto('/profile');
  const optional = page.getByTestId('optional-consents');
  const promotional = optional.getByLabel('Menerima pesan promosi dari yayasan');
  await expect(promotional).not.toBeChecked();
  // The switch follows the server's answer, so it is clicked, then waited for.
  await promotional.click({ force: true });
  await expect(page.getByText('Pilihan persetujuan disimpan.')).toBeVisible();
  await expect(promotional).toBeChecked();
  await expectAccessible(page, '/profile', ['main']);

  const card = page.getByTestId('data-export');
  await card.getByRole('button', { name: 'Siapkan Data Saya' }).click();
  const downloadButton = card.getByRole('button', { name: 'Unduh Data Saya' });
  await expect(downloadButton).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
  expect(download.suggestedFilename()).toBe('data-saya.zip');
  const files = unzipEntries(await readFile((await download.path())!));
  expect([...files.keys()]).toContain('ringkasan.pdf');
  expect([...files.keys()]).toContain('json/calon_murid.json');
  const text = pdfLines(files.get('ringkasan.pdf')!).join('\n');
  expect(text).toContain('Data Saya');
  expect(text).toContain(childName);

  // --- Staff without Data Sensitif: the record leaves the sensitive answers out --------------------------
  const staff = await staffWithoutSensitive(request);
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await loginAsAdmin(page, staff.username, staff.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto(`/admin/registrant/detail?id=${registrantId}`);
  await expect(page.getByTestId('registrant-detail')).toBeVisible();
  await expect(page.getByText(childName).first()).toBeVisible();
  const hidden = page.getByTestId('sensitive-hidden');
  await expect(hidden).toBeVisible();
  await expect(hidden).toContainText('Golongan Darah');
  await expect(page.getByText('Golongan Darah', { exact: true })).toHaveCount(0);
  await expectAccessible(page, '/admin/registrant/detail (data sensitif disembunyikan)', ['main']);
});

test('the consent text page of Pengaturan lists its versions', async ({ page }) => {
  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto('/admin/privacy');
  await expect(page.getByRole('heading', { name: 'Persetujuan Data Pribadi' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Riwayat versi' })).toBeVisible();
  await expectAccessible(page, '/admin/privacy', ['main']);
});
