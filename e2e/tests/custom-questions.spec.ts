import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO, loginAsAdmin, loginAsParent, newParent } from '../support/accounts';

/**
 * A school adds its own question to the registrant form: staff write it in Daftar Pertanyaan for one
 * registration period, and a parent of that period finds it on a Tambahan tab, with its choices, its help text
 * and its required mark. Everything runs in a period of its own, so the forms of other tests stay as they are.
 */
const run = Date.now().toString(36);
const QUESTION = `Ukuran seragam ${run}?`;
const PERIOD = `Gelombang Tambahan ${run}`;

// biome-ignore lint/suspicious/noExplicitAny: answers of calls set up for the test, read field by field
const json = async (res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<any> => {
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
};

/** An open SD period of its own with a place in Kelas 1, a voucher and a parent with a registrant in it. */
async function registrantInOwnPeriod(request: APIRequestContext) {
  const staff = await json(
    await request.post('/api/v1/public/login', { data: { ...DEMO.superadmin, type: 'admin' } }),
  );
  const headers = { Authorization: `Bearer ${staff.token}` };
  const school = (await json(await request.get('/api/v1/public/school'))).data.find(
    (s: { name: string }) => s.name === 'SD Harapan Bangsa',
  );
  const year = (await json(await request.get('/api/v1/school_years?is_active=true', { headers }))).data[0];
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const period = (
    await json(
      await request.post('/api/v1/school_period', {
        headers,
        data: {
          name: PERIOD,
          school_id: school.id,
          school_year_id: year.id,
          start_date: day(-1),
          end_date: day(30),
          quota: 10,
        },
      }),
    )
  ).data;
  const klass = (
    await json(await request.get(`/api/v1/public/mst_class?school_name=${encodeURIComponent(school.name)}`))
  ).data.find((c: { name: string }) => c.name === 'Kelas 1');
  await json(
    await request.post('/api/v1/class_period', {
      headers,
      data: { school_period_id: period.id, mst_class_id: klass.id, quota: 5 },
    }),
  );
  const voucher = (
    await json(
      await request.post('/api/v1/mst_token/create', {
        headers,
        data: { count: 1, school_year_id: year.id, school_id: school.id },
      }),
    )
  ).data[0].token;

  const parent = newParent();
  await json(
    await request.post('/api/v1/public/register', {
      data: { name: parent.name, email: parent.email, phone_number: parent.phone, password: parent.password },
    }),
  );
  const login = await json(
    await request.post('/api/v1/public/login', {
      data: { username: parent.email, password: parent.password },
    }),
  );
  await json(
    await request.post('/api/v1/registrant', {
      headers: { Authorization: `Bearer ${login.token}` },
      data: {
        token: voucher,
        password: parent.password,
        school_id: school.id,
        school_period_id: period.id,
        mst_class_id: klass.id,
      },
    }),
  );
  return parent;
}

test('staff add a required question for one period and its parents answer it on the Tambahan tab', async ({
  page,
  request,
}) => {
  test.slow();
  const parent = await registrantInOwnPeriod(request);

  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto('/admin/mst_question');
  await page.getByRole('button', { name: /^Tambah/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Pertanyaan', exact: true }).fill(QUESTION);
  await dialog.getByRole('combobox', { name: 'Jenis Jawaban', exact: true }).click();
  await page.getByRole('option', { name: 'Pilihan (satu)', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Pilihan Jawaban', exact: true }).fill('S\nM\nL');
  await dialog
    .getByRole('textbox', { name: 'Keterangan', exact: true })
    .fill('Lihat tabel ukuran di brosur.');
  await dialog.getByLabel('Wajib Diisi').check();
  await dialog.getByRole('combobox', { name: 'Periode Pendaftaran', exact: true }).fill(PERIOD);
  await page.getByRole('option', { name: new RegExp(`^${PERIOD}`) }).click();
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toBeHidden();
  await page.getByTestId('resource-search').fill(run);
  await expect(page.getByTestId('resource-table').getByRole('row', { name: new RegExp(run) })).toBeVisible();

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await loginAsParent(page, parent.email, parent.password);
  await page.getByRole('button', { name: 'Isi Formulir' }).click();
  await page.getByRole('tab', { name: 'Tambahan' }).click();
  const question = page.getByRole('radiogroup', { name: new RegExp(QUESTION.replace('?', '\\?')) });
  await expect(question).toBeVisible();
  await expect(page.getByText('Lihat tabel ukuran di brosur.')).toBeVisible();

  // Required: Selesai on the last page names it until it is answered.
  await page.getByRole('button', { name: 'Selesai' }).click();
  await expect(question.locator('..').getByText('Wajib diisi.')).toBeVisible();
  await question.getByRole('radio', { name: 'M', exact: true }).check();
  await page.getByRole('button', { name: 'Selesai' }).click();
  const done = page.getByRole('dialog', { name: 'Formulir selesai diisi' });
  await expect(done).toBeVisible();
  // The fixed questions are still empty; the answered custom one is no longer listed as missing.
  await expect(done).not.toContainText(QUESTION);

  // Kept on the server: a reload shows the answer.
  await page.reload();
  await page.getByRole('tab', { name: 'Tambahan' }).click();
  await expect(
    page
      .getByRole('radiogroup', { name: new RegExp(QUESTION.replace('?', '\\?')) })
      .getByRole('radio', { name: 'M', exact: true }),
  ).toBeChecked();
});
