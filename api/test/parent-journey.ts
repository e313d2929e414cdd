/** Fixtures shared by the parent-journey api tests (jest only). */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { kyselyOnPool } from '../src/db/kysely';
import { seedParentJourney } from '../src/db/seed-parent-journey';
import { todayWib } from '../src/lib/period-open';
import { call, type TestContext } from './helpers';

export const PASSWORD = 'demo1234';

/** Demo tenant id, its active year and its SD/SMP schools. */
export async function demo(t: TestContext) {
  await seedParentJourney(t.ownerPool);
  const db = kyselyOnPool(t.ownerPool);
  const { id: tenantId } = await db
    .selectFrom('tenants')
    .select('id')
    .where('slug', '=', 'demo')
    .executeTakeFirstOrThrow();
  const { id: yearId } = await db
    .selectFrom('school_years')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('is_active', '=', true)
    .executeTakeFirstOrThrow();
  const schools = await db
    .selectFrom('schools')
    .select(['id', 'level'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const schoolOf = (level: string) => schools.find((x) => x.level === level)!.id;
  return { tenant_id: tenantId, year_id: yearId, sd: schoolOf('SD'), smp: schoolOf('SMP') };
}

/**
 * A registration period of a school open today (WIB) in the active year, with one class of that school and
 * its quota. `open: false` makes a period that ended yesterday.
 */
export async function openPeriod(
  t: TestContext,
  { level = 'SD', quota = 10, open = true }: { level?: string; quota?: number; open?: boolean } = {},
) {
  const d = await demo(t);
  const schoolId = level === 'SD' ? d.sd : d.smp;
  const name = `Gelombang Uji ${crypto.randomBytes(4).toString('hex')}`;
  const db = kyselyOnPool(t.ownerPool);
  const daysFromToday = (n: number) => sql<string>`${todayWib} + ${n}::int`;
  const { id: periodId } = await db
    .insertInto('school_periods')
    .values({
      tenant_id: d.tenant_id,
      school_id: schoolId,
      school_year_id: d.year_id,
      name,
      start_date: daysFromToday(open ? -10 : -40),
      end_date: daysFromToday(open ? 30 : -1),
      quota: 100,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: classId } = await db
    .selectFrom('mst_classes as k')
    .innerJoin('mst_grades as g', (j) =>
      j.onRef('g.tenant_id', '=', 'k.tenant_id').onRef('g.id', '=', 'k.mst_grade_id'),
    )
    .select('k.id')
    .where('k.tenant_id', '=', d.tenant_id)
    .where('g.school_id', '=', schoolId)
    .orderBy('k.name')
    .limit(1)
    .executeTakeFirstOrThrow();
  await t.ownerPool.query(
    'INSERT INTO class_periods (tenant_id, school_period_id, mst_class_id, quota) VALUES ($1, $2, $3, $4)',
    [d.tenant_id, periodId, classId, quota],
  );
  return { ...d, schoolId, periodId, classId };
}

/** A fresh unused voucher of the demo tenant (school null = any school). */
export async function newVoucher(
  t: TestContext,
  { schoolId = null, yearId }: { schoolId?: number | null; yearId?: number } = {},
): Promise<string> {
  const d = await demo(t);
  const code = `T${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
  await t.ownerPool.query(
    'INSERT INTO mst_tokens (tenant_id, token, school_year_id, school_id) VALUES ($1, $2, $3, $4)',
    [d.tenant_id, code, yearId ?? d.year_id, schoolId],
  );
  return code;
}

/** A new parent account (registered through the api) and the session its registration answered with. */
export async function newParent(t: TestContext): Promise<{ email: string; token: string }> {
  const email = `ortu-${crypto.randomBytes(4).toString('hex')}@contoh.id`;
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/v1/public/register',
    payload: { name: 'Ibu Uji', email, password: PASSWORD },
  });
  if (res.status !== 201 || typeof res.body.token !== 'string')
    throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { email, token: res.body.token };
}

/** Redeems a voucher for a new registrant; returns the response. */
export function redeem(
  t: TestContext,
  token: string,
  body: {
    token: string;
    school_id: number;
    school_period_id: number;
    mst_class_id: number;
    password?: string;
  },
) {
  return call(t.app, {
    method: 'POST',
    url: '/api/v1/registrant',
    token,
    payload: { password: PASSWORD, ...body },
  });
}

/** A registrant of a new parent in the period `p` (a fresh voucher redeemed through the api). */
export async function registrantIn<P extends { schoolId: number; periodId: number; classId: number }>(
  t: TestContext,
  p: P,
) {
  const parent = await newParent(t);
  const res = await redeem(t, parent.token, {
    token: await newVoucher(t),
    school_id: p.schoolId,
    school_period_id: p.periodId,
    mst_class_id: p.classId,
  });
  if (res.status !== 201) throw new Error(`redeem failed: ${res.status} ${JSON.stringify(res.body)}`);
  const data = res.body.data as { id: number; registration_number: string };
  return { ...p, parent, id: data.id, registrationNumber: data.registration_number, body: res.body };
}

/** A registrant of a new parent in a new open period. */
export async function newRegistrant(t: TestContext) {
  return registrantIn(t, await openPeriod(t));
}

/** Name (answer 1 and the column) and birth date (answer 4), as the parent's form would have stored them. */
export const setIdentity = (t: TestContext, id: number, name: string, birth: string) =>
  t.ownerPool.query(
    `UPDATE registrants SET name = $2,
       question_answer = question_answer || jsonb_build_object('1', $2::text, '4', $3::text) WHERE id = $1`,
    [id, name, birth],
  );

export { sampleAnswers as completeAnswers } from '@psb/contracts';
