/**
 * A staff role's schools are enforced by PostgreSQL (see school-scope-policies.test.ts for the policies): the
 * generated matrix below asks every staff route that takes a record id for another school's record.
 */
import crypto from 'node:crypto';
import { RESOURCES, voucherResource } from '@psb/contracts';
import { appPerFile } from '../../test/app-per-file';
import { postPhoto, testImage } from '../../test/file-form';
import { call } from '../../test/helpers';
import { demo, newRegistrant, openPeriod } from '../../test/parent-journey';
import { policyTables } from '../../test/school-scope-policies';
import {
  ACCOUNTS,
  type Expect,
  HAND_WRITTEN,
  NOT_SCHOOL_OWNED,
  PARENT_ONLY,
} from '../../test/school-scope-routes';
import { everyModule } from '../../test/staff';
import { compiledResources } from '../engine';

const t = appPerFile();

// The matrix: generated from app.routeAccess. A staff route whose path takes an id is either an engine route
// (its resource's table decides whether it is school-owned, from the policies themselves) or listed in
// test/school-scope-routes.ts.

const staffOf = (schoolId: number) => t.staff(everyModule(), [schoolId]);

/** One live record of school SMP (the "other" school) in every school-owned table, by table. */
async function smpRecords(): Promise<Record<string, { id: number | string; user?: number }>> {
  const d = await demo(t);
  const q = async (sql: string, values: unknown[] = []) =>
    (await t.ownerPool.query<{ id: number }>(sql, values)).rows[0]!.id;
  const p = await openPeriod(t, { level: 'SMP' });
  const r = await newRegistrant(t); // SD by default: moved to the SMP period and class below
  await t.ownerPool.query(
    'UPDATE registrants SET school_id = $2, school_period_id = $3, mst_class_id = $4 WHERE id = $1',
    [r.id, d.smp, p.periodId, p.classId],
  );
  const upload = await postPhoto(t, r.id, r.parent.token, await testImage('png', 60, 80));
  expect(upload.status).toBe(200);
  await t.ownerPool.query(
    "UPDATE registrants SET status = 'submitted', is_submit = true, locked = true WHERE id = $1",
    [r.id],
  );
  const parentId = await q('SELECT id FROM users WHERE email = $1', [r.parent.email]);
  const token = `S${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
  await t.ownerPool.query(
    'INSERT INTO mst_tokens (tenant_id, token, school_year_id, school_id) VALUES ($1, $2, $3, $4)',
    [d.tenant_id, token, d.year_id, d.smp],
  );
  const tenant = d.tenant_id;
  /** A bill of 1000 in one installment, of a payment type of its own, to the SMP registrant. */
  const bill = (type: string, code: string, state: string) =>
    q(
      `WITH t AS (INSERT INTO mst_type_payments (tenant_id, name, code) VALUES ($1, $4, $5) RETURNING id),
            h AS (INSERT INTO registrant_header_payments (tenant_id, registrant_id, school_id, mst_type_payment_id, state, total_amount)
                  SELECT $1, $2, $3, t.id, $6, 1000 FROM t RETURNING id, school_id),
            i AS (INSERT INTO registrant_installment_payments (tenant_id, header_id, school_id, seq, amount)
                  SELECT $1, h.id, h.school_id, 1, 1000 FROM h)
       SELECT id FROM h`,
      [tenant, r.id, d.smp, type, code, state],
    );
  return {
    schools: { id: d.smp },
    school_periods: { id: p.periodId },
    mst_grades: { id: await q("SELECT id FROM mst_grades WHERE school_id = $1 AND name <> 'TK'", [d.smp]) },
    mst_classes: { id: p.classId },
    class_periods: { id: await q('SELECT id FROM class_periods WHERE school_period_id = $1', [p.periodId]) },
    mst_questions: {
      id: await q(
        "INSERT INTO mst_questions (tenant_id, school_id, question) VALUES ($1, $2, 'Hobi?') RETURNING id",
        [tenant, d.smp],
      ),
    },
    mst_items: {
      id: await q(
        "INSERT INTO mst_items (tenant_id, school_id, name, price) VALUES ($1, $2, 'Seragam SMP', 100000) RETURNING id",
        [tenant, d.smp],
      ),
    },
    mst_resps: {
      id: await q(
        "INSERT INTO mst_resps (tenant_id, school_id, code, name) VALUES ($1, $2, 'R-SMP', 'Resp SMP') RETURNING id",
        [tenant, d.smp],
      ),
    },
    mst_additional_payments: {
      id: await q(
        `INSERT INTO mst_additional_payments (tenant_id, school_id, name, mst_type_payment_id, amount)
         SELECT $1, $2, 'Infaq SMP', id, 50000 FROM mst_type_payments WHERE tenant_id = $1 AND code = 'UP'
         RETURNING id`,
        [tenant, d.smp],
      ),
    },
    school_payments: {
      id: await q(
        `INSERT INTO school_payments (tenant_id, school_period_id, mst_type_payment_id)
         SELECT $1, $2, id FROM mst_type_payments WHERE tenant_id = $1 AND code = 'SRG' RETURNING id`,
        [tenant, p.periodId],
      ),
    },
    setup_payments: {
      id: await q(
        `INSERT INTO setup_payments (tenant_id, school_period_id, mst_payment_id, amount)
         SELECT $1, $2, id, 250000 FROM mst_payments WHERE tenant_id = $1 AND name = 'Seragam Olahraga'
         RETURNING id`,
        [tenant, p.periodId],
      ),
    },
    mst_tokens: { id: await q('SELECT id FROM mst_tokens WHERE token = $1', [token]) },
    mst_token_codes: { id: token },
    registrants: { id: r.id },
    registration_numbers: { id: r.registrationNumber },
    registrant_header_payments: { id: await bill('Uang Pangkal SMP', 'UP-SMP', 'published') },
    bills_to_delete: { id: await bill('Buku SMP', 'BK-SMP', 'draft') },
    // A line on a bill of its own, so the matrix deleting the bill above leaves this one to the line routes.
    registrant_detail_payments: {
      id: await q(
        `WITH t AS (INSERT INTO mst_type_payments (tenant_id, name, code) VALUES ($1, 'Seragam SMP', 'SRG-SMP') RETURNING id),
              h AS (INSERT INTO registrant_header_payments (tenant_id, registrant_id, school_id, mst_type_payment_id, state, total_amount)
                    SELECT $1, $2, $3, t.id, 'draft', 3000 FROM t RETURNING id, school_id),
              i AS (INSERT INTO registrant_installment_payments (tenant_id, header_id, school_id, seq, amount)
                    SELECT $1, h.id, h.school_id, 1, 3000 FROM h),
              a AS (INSERT INTO registrant_detail_payments (tenant_id, header_id, school_id, kind, name, amount)
                    SELECT $1, h.id, h.school_id, 'custom', 'Kaos', 1000 FROM h)
         INSERT INTO registrant_detail_payments (tenant_id, header_id, school_id, kind, name, amount)
         SELECT $1, h.id, h.school_id, 'custom', 'Celana', 2000 FROM h RETURNING id`,
        [tenant, r.id, d.smp],
      ),
    },
    users: { id: parentId },
    roles: {
      id: await q(
        `WITH r AS (INSERT INTO roles (tenant_id, name) VALUES ($1, 'Panitia SMP') RETURNING id, tenant_id)
         INSERT INTO role_schools (tenant_id, role_id, school_id) SELECT tenant_id, id, $2 FROM r RETURNING role_id AS id`,
        [tenant, d.smp],
      ),
    },
    school_years: { id: d.year_id },
    appointment_slots: {
      id: await q(
        `INSERT INTO appointment_slots (tenant_id, school_period_id, kind, slot_date, start_time, end_time,
           video_link, interviewer, capacity, booking_opens_at, booking_closes_at)
         VALUES ($1, $2, 'wawancara', current_date + 7, '09:00', '09:30', 'https://meet.example.id/smp',
           'Bu Ani', 2, now() - interval '1 day', now() + interval '5 days') RETURNING id`,
        [tenant, p.periodId],
      ),
    },
    privacy_requests: {
      id: await q(
        `INSERT INTO privacy_requests (tenant_id, user_id, kind, registrant_id, question_no, requested_value)
         VALUES ($1, $2, 'correction', $3, 1, 'Nama Benar') RETURNING id`,
        [tenant, parentId, r.id],
      ),
    },
    ...(await smpTestRecords(tenant, d.smp, p.periodId, r.id)),
  };
}

/** The tests of school SMP: a room, a test schedule of its period, a session in that room and a seat in it. */
async function smpTestRecords(tenant: number, smp: number, periodId: number, registrantId: number) {
  const q = async (sql: string, values: unknown[]) =>
    (await t.ownerPool.query<{ id: number }>(sql, values)).rows[0]!.id;
  const room = await q(
    "INSERT INTO mst_rooms (tenant_id, school_id, name, capacity) VALUES ($1, $2, 'Ruang SMP Lingkup', 20) RETURNING id",
    [tenant, smp],
  );
  const testType = "(SELECT id FROM mst_tests WHERE tenant_id = $1 AND code = 'TT')";
  const session = await q(
    `INSERT INTO mst_test_details (tenant_id, name, mst_test_id, school_period_id, mst_room_id, test_date,
       start_time, end_time, quota, used_quota)
     VALUES ($1, 'Sesi Lingkup', ${testType}, $2, $3, '2027-01-12', '08:00', '10:00', 20, 1) RETURNING id`,
    [tenant, periodId, room],
  );
  return {
    mst_rooms: { id: room },
    schedule_tests: {
      id: await q(
        `INSERT INTO schedule_tests (tenant_id, school_period_id, mst_test_id, start_date, end_date)
         VALUES ($1, $2, ${testType}, '2027-01-10', '2027-01-20') RETURNING id`,
        [tenant, periodId],
      ),
    },
    mst_test_details: { id: session },
    registrant_tests: {
      id: await q(
        `INSERT INTO registrant_tests (tenant_id, registrant_id, school_id, mst_test_detail_id, mst_test_id,
           assign_method)
         VALUES ($1, $2, $3, $4, ${testType}, 'manual') RETURNING id`,
        [tenant, registrantId, smp, session],
      ),
    },
  };
}

interface Case {
  method: string;
  url: string;
  table: string;
  expect: Expect;
  body?: unknown;
}

async function matrixCases(): Promise<Case[]> {
  const policies = await policyTables(t.ownerPool);
  const rowScoped = new Set([...compiledResources().values()].filter((c) => c.rowScope).map((c) => c.table));
  const engine = new Map<string, string>();
  for (const d of [...RESOURCES, voucherResource]) {
    engine.set(`/api/v1/${d.name}/:id`, d.table);
    engine.set(`/api/v1/${d.name}/restore/:id`, d.table);
    if (d.table !== 'users' && d.table !== 'roles')
      engine.set(`/api/v1/config/delete/${d.table}/:id`, d.table);
  }
  const cases: Case[] = [];
  const unclassified: string[] = [];
  for (const r of t.app.routeAccess) {
    // HEAD shares its GET's handler.
    if (r.access === 'public' || r.method === 'HEAD' || !r.url.includes(':')) continue;
    const key = `${r.method} ${r.url}`;
    if (NOT_SCHOOL_OWNED.has(key) || PARENT_ONLY.has(key)) continue;
    const hand = HAND_WRITTEN[key] ?? ACCOUNTS[key];
    const table = hand?.table ?? engine.get(r.url);
    if (!table) {
      unclassified.push(key);
      continue;
    }
    if (hand || policies.has(table) || rowScoped.has(table))
      cases.push({ method: r.method, url: r.url, table, expect: hand?.expect ?? 'record', body: hand?.body });
  }
  // A new route taking an id must say what the id is, so that it is checked here.
  expect(unclassified).toEqual([]);
  return cases;
}

const urlOf = (c: Case, records: Awaited<ReturnType<typeof smpRecords>>) => {
  const byCode = c.url.includes(':token')
    ? 'mst_token_codes'
    : c.url.includes(':n')
      ? 'registration_numbers'
      : null;
  const id = String(records[byCode ?? c.table]!.id);
  return c.url
    .replace(/:(id|x|token|n|role|a|school_id)\b/, id)
    .replace(':b', id)
    .replace(':folder', 'photo');
};

/** Writes last, and each restore right after its archive, so the role of the record's school can do each. */
const ORDER: Record<string, number> = { GET: 0, PUT: 1, POST: 2, DELETE: 3 };
const sortForWrites = (cases: Case[]) =>
  [...cases].sort((a, b) => {
    // A staff withdrawal archives the registrant for good: it goes last, after the archive and the restore.
    const rank = (c: Case) =>
      c.url.includes('/restore/')
        ? 4
        : c.url.includes('/config/delete/') // the generic delete archives the record again, once restored
          ? 4.2
          : c.url.includes('/staff_withdraw/')
            ? 4.5
            : (ORDER[c.method] ?? 5);
    return rank(a) - rank(b);
  });

describe('school-scope matrix (generated from app.routeAccess)', () => {
  it("a role limited to school A gets 404 for school B's record on every staff route; B's role gets it", async () => {
    const records = await smpRecords();
    const d = await demo(t);
    const sdStaff = await staffOf(d.sd);
    const smpStaff = await staffOf(d.smp);
    const cases = await matrixCases();
    expect(cases.map((c) => `${c.method} ${c.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/v1/registrant/:id',
        'PUT /api/v1/registrant/open_form/:id',
        'GET /api/v1/registrant/file/:id/:folder',
        'DELETE /api/v1/school_period/:id',
        'PUT /api/v1/mst_class/:id',
        'GET /api/v1/user/:id',
        'PUT /api/v1/role/:id',
        'POST /api/v1/user/reset/:id',
      ]),
    );

    const ask = (c: Case, token: string) =>
      call(t.app, {
        method: c.method as 'GET',
        url: urlOf(c, records),
        token,
        ...(c.body ? { payload: c.body } : c.method === 'PUT' ? { payload: {} } : {}),
      });

    for (const c of cases) {
      const res = await ask(c, sdStaff);
      const route = `${c.method} ${c.url}`;
      if (c.expect === 'record') expect({ route, status: res.status }).toEqual({ route, status: 404 });
      else {
        expect({ route, status: res.status }).toEqual({ route, status: 200 });
        const rows = res.body.data as { school_id?: number }[];
        expect({ route, other: rows.filter((x) => x.school_id === d.smp) }).toEqual({ route, other: [] });
      }
    }

    for (const c of sortForWrites(cases)) {
      const res = await ask(c, smpStaff);
      const route = `${c.method} ${c.url}`;
      if (c.method === 'GET') {
        expect({ route, status: res.status }).toEqual({ route, status: 200 });
        if (c.expect === 'list') {
          const rows = res.body.data as { school_id?: number }[];
          expect({ route, found: rows.some((x) => x.school_id === d.smp) }).toEqual({ route, found: true });
        }
      } else {
        // The record is there for this role: whatever the write decides, it is not "not found".
        expect({ route, status: res.status < 500 && res.status !== 404 }).toEqual({ route, status: true });
      }
    }
  });
});
