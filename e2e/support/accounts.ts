import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

export const DEMO = {
  superadmin: { username: 'superadmin@demo.sch.id', password: 'demo1234' },
  teacher: { username: 'guru@demo.sch.id', password: 'demo1234' },
  parent: { username: 'orangtua@demo.sch.id', password: 'demo1234' },
};

/**
 * A fresh voucher of the active year, made by the demo superadmin through the api: a test that redeems one
 * of its own can be retried (a seeded demo voucher is used up by the first try).
 */
export async function newVoucher(request: APIRequestContext, note = 'e2e') {
  const login = await request.post('/api/v1/public/login', { data: { ...DEMO.superadmin, type: 'admin' } });
  const { token } = (await login.json()) as { token: string };
  const year = (await (await request.get('/api/v1/public/active_year')).json()).school_year;
  const created = await request.post('/api/v1/mst_token/create', {
    headers: { Authorization: `Bearer ${token}` },
    data: { count: 1, school_year_id: year.id, note },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { data: { token: string }[] }).data[0]!.token;
}

/** A parent account no other test uses. */
export function newParent() {
  // Always three random digits, so the phone (the last ten digits) differs between accounts made apart.
  const n = `${Date.now()}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  return {
    name: `Ibu Uji ${n.slice(-4)}`,
    email: `ortu${n}@contoh.id`,
    phone: `08${n.slice(-10)}`,
    password: 'rahasia123',
  };
}

export async function loginAsParent(page: Page, username: string, password: string) {
  await page.goto('/?modal=login');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email / No. HP').fill(username);
  await dialog.getByLabel('Kata Sandi', { exact: true }).fill(password);
  await dialog.getByLabel('Kata Sandi', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/home/);
}

export async function loginAsAdmin(page: Page, username: string, password: string) {
  await page.goto('/admin');
  await page.getByLabel('Email / No. HP').fill(username);
  await page.getByLabel('Kata Sandi', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Masuk' }).click();
}

/**
 * A new parent account with one registrant in the demo's open SD period (Kelas 1), made through the api with
 * the given demo voucher — for tests about what comes after; the dialog itself is covered by
 * parent-journey.spec.ts.
 */
export async function newParentWithRegistrant(request: APIRequestContext, voucher: string) {
  const parent = newParent();
  const registered = await request.post('/api/v1/public/register', {
    data: { name: parent.name, email: parent.email, phone_number: parent.phone, password: parent.password },
  });
  expect(registered.status()).toBe(201);
  const login = await (
    await request.post('/api/v1/public/login', {
      data: { username: parent.email, password: parent.password },
    })
  ).json();
  const school = (await (await request.get('/api/v1/public/school')).json()).data.find(
    (s: { name: string }) => s.name === 'SD Harapan Bangsa',
  );
  const period = (await (await request.get('/api/v1/public/school_period')).json()).data.find(
    (p: { school_id: number; is_open: boolean }) => p.school_id === school.id && p.is_open,
  );
  const klass = (
    await (
      await request.get(`/api/v1/public/mst_class?school_name=${encodeURIComponent(school.name)}`)
    ).json()
  ).data.find((c: { name: string }) => c.name === 'Kelas 1');
  const created = await request.post('/api/v1/registrant', {
    headers: { Authorization: `Bearer ${login.token}` },
    data: {
      token: voucher,
      password: parent.password,
      school_id: school.id,
      school_period_id: period.id,
      mst_class_id: klass.id,
    },
  });
  expect(created.status()).toBe(201);
  return parent;
}

/** The Authorization header of a fresh api sign-in. */
export async function bearer(
  request: APIRequestContext,
  username: string,
  password: string,
  type: 'user' | 'admin',
) {
  const res = await request.post('/api/v1/public/login', { data: { username, password, type } });
  expect(res.status()).toBe(200);
  return { Authorization: `Bearer ${(await res.json()).token as string}` };
}

/** A fresh voucher of the active school year, made by the superadmin (the seeded ones belong to other specs). */
export async function freshVoucher(request: APIRequestContext) {
  const admin = await bearer(request, DEMO.superadmin.username, DEMO.superadmin.password, 'admin');
  const period = (await (await request.get('/api/v1/public/school_period')).json()).data.find(
    (p: { is_open: boolean }) => p.is_open,
  );
  const res = await request.post('/api/v1/mst_token/create', {
    headers: admin,
    data: { count: 1, school_year_id: period.school_year_id },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).data[0].token as string;
}

/**
 * A new parent whose one registrant (a fresh voucher) is given these answers: the parent, their api headers
 * and the registrant's id, for specs that start from a child's form already filled in.
 */
export async function parentWithAnswers(request: APIRequestContext, answers: Record<string, unknown>) {
  const parent = await newParentWithRegistrant(request, await freshVoucher(request));
  const auth = await bearer(request, parent.email, parent.password, 'user');
  const registrant = (await (await request.get('/api/v1/registrants', { headers: auth })).json()).data[0] as {
    id: number;
  };
  const saved = await request.post('/api/v1/registrant_answer', {
    headers: auth,
    data: { registrant_id: registrant.id, data: answers },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return { parent, auth, registrantId: registrant.id };
}
