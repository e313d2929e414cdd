import { type APIRequestContext, expect } from '@playwright/test';
import { DEMO, newParent } from './accounts';

// biome-ignore lint/suspicious/noExplicitAny: answers of calls set up for the test, read field by field
const json = async (res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<any> => {
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
};

/**
 * An open SD period of its own (so what a test adds to it touches no other test's forms) with places in
 * Kelas 1, made through the api as staff would.
 */
export async function ownPeriod(request: APIRequestContext, periodName: string) {
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
          name: periodName,
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
  return { staff, headers, school, year, period, klass };
}

/** {@link ownPeriod} with a voucher, and a new parent with a registrant in it. */
export async function registrantInOwnPeriod(request: APIRequestContext, periodName: string) {
  return registrantIn(request, await ownPeriod(request, periodName));
}

/** A new parent with a registrant in a period of {@link ownPeriod} (a voucher of its own). */
export async function registrantIn(
  request: APIRequestContext,
  { staff, headers, school, year, period, klass }: Awaited<ReturnType<typeof ownPeriod>>,
) {
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
  const registrant = await json(
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
  return {
    parent,
    staffToken: staff.token as string,
    periodId: period.id as number,
    registrationNumber: registrant.data.registration_number as string,
    registrantId: registrant.data.id as number,
  };
}
