import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO, loginAsAdmin, loginAsParent } from '../support/accounts';

test('a signed-in parent who opens an admin page gets /401 and keeps the parent session', async ({
  page,
}) => {
  await loginAsParent(page, DEMO.parent.username, DEMO.parent.password);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/401$/);
  await expect(page.getByTestId('unauthorized-page')).toBeVisible();

  await page.goto('/home');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('Selamat datang, Bapak Budi Santoso')).toBeVisible();
});

test('a logged-out visitor of /home is offered Masuk and comes back to /home after login', async ({
  page,
}) => {
  await page.goto('/home');
  await expect(page).toHaveURL(/\/404\?.*request_uri=%2Fhome/);
  await page.getByRole('link', { name: 'Masuk' }).click();

  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email / No. HP').fill(DEMO.parent.username);
  await dialog.getByLabel('Kata Sandi', { exact: true }).fill(DEMO.parent.password);
  await dialog.getByRole('button', { name: 'Masuk' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('Selamat datang, Bapak Budi Santoso')).toBeVisible();
});

test('a logged-out visitor of an admin page signs in as staff and returns to that page', async ({ page }) => {
  await page.goto('/admin/mst_class');
  await expect(page).toHaveURL(/\/404\?.*request_uri=%2Fadmin%2Fmst_class/);
  await page.getByRole('link', { name: 'Masuk' }).click();
  await expect(page).toHaveURL(/\/admin\?next=%2Fadmin%2Fmst_class$/);
  await page.getByLabel('Email / No. HP').fill(DEMO.teacher.username);
  await page.getByLabel('Kata Sandi', { exact: true }).fill(DEMO.teacher.password);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page).toHaveURL(/\/admin\/mst_class$/);
});

test('a login link pointing off the site is ignored', async ({ page }) => {
  await page.goto('/?modal=login&next=%2F%2Fevil.example%2Fhome');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email / No. HP').fill(DEMO.parent.username);
  await dialog.getByLabel('Kata Sandi', { exact: true }).fill(DEMO.parent.password);
  await dialog.getByRole('button', { name: 'Masuk' }).click();
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/home$/);
});

async function setTeacherModuleRead(request: APIRequestContext, modules: string[], read: 0 | 1) {
  const login = await request.post('/api/v1/public/login', {
    data: { ...DEMO.superadmin, type: 'admin' },
  });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const roles = await (await request.get('/api/v1/roles?page_size=100', { headers })).json();
  const teacher = (roles.data as { id: number; name: string }[]).find((r) => r.name === 'teacher');
  expect(teacher).toBeDefined();
  const saved = await request.post(`/api/v1/role_module/${teacher?.id}`, {
    headers,
    data: modules.map((mst_module_name) => ({
      mst_module_name,
      read_action: read,
      insert_action: 0,
      update_action: 0,
      delete_action: 0,
    })),
  });
  expect(saved.ok()).toBe(true);
}

test('a permission granted to a signed-in teacher shows in the menu without a new login', async ({
  page,
  request,
}) => {
  await loginAsAdmin(page, DEMO.teacher.username, DEMO.teacher.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  const sidebar = page.getByTestId('admin-sidebar');
  await expect(sidebar.getByRole('link', { name: 'Kelas', exact: true })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Hak Akses' })).toHaveCount(0);

  // The Hak Akses page also reads the roles (Peran): its entry shows only with read on both.
  const rights = ['Hak Akses', 'Peran'];
  await setTeacherModuleRead(request, rights, 1);
  try {
    // The next call the page makes carries the new permission version; the menu redraws from it.
    await sidebar.getByRole('link', { name: 'Kelas', exact: true }).click();
    await expect(sidebar.getByRole('link', { name: 'Hak Akses' })).toBeVisible();

    await setTeacherModuleRead(request, rights, 0);
    await sidebar.getByRole('link', { name: 'Kelas', exact: true }).click();
    await expect(sidebar.getByRole('link', { name: 'Hak Akses' })).toHaveCount(0);
  } finally {
    await setTeacherModuleRead(request, rights, 0);
  }
});
