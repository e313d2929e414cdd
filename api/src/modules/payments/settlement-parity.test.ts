/**
 * Settlement is written twice: the one-statement path of the notification inbox (the database rule
 * `payment_notification_fast`) and the general path (settle.ts). The same notifications, round after round,
 * go through the inbox worker on two copies of one database — one without the one-statement function, so the
 * worker sends every notification the general way — and after each round every row the notifications can
 * touch must be the same in both: bills, installments, charges, the (order, status) records, bill history,
 * the parent's messages, the inbox, the registrants and their summaries.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { SUPERADMIN } from '../../../test/app-per-file';
import { setupTestApp, tokenFor } from '../../../test/helpers';
import { createPool, type Pool } from '../../db/pool';
import { createMidtransGateway } from '../../integrations/midtrans';
import type { JobRuntime } from '../../jobs/runtime';
import { drainInbox } from './inbox-worker';
import { billFixture, notification } from './test-fixtures';

jest.setTimeout(180_000);

const SERVER_KEY = 'parity-server-key';
/** The provider's own answer for each order: the notification last sent for it (the worker asks first). */
const answers = new Map<string, Record<string, unknown>>();
const gateway = createMidtransGateway({
  serverKey: SERVER_KEY,
  coreUrl: 'http://provider.invalid',
  kind: 'midtrans',
  transport: async (req) => {
    const orderId = decodeURIComponent(req.url.split('/v2/')[1]!.split('/')[0]!);
    const answer = answers.get(orderId);
    return answer
      ? { status: 200, json: answer }
      : { status: 404, json: { status_code: '404', status_message: 'not found' } };
  },
});
/** Delivery of the parent's messages is not under test: the kick after a credit goes nowhere. */
const jobs: JobRuntime = {
  enabled: false,
  stopping: false,
  define: () => {},
  onStarted: () => {},
  every: () => {},
  send: async () => null,
  start: async () => {},
  stop: async () => {},
};

interface Copy {
  name: string;
  pool: Pool;
  owner: Pool;
}
const base = process.env.DATABASE_URL!;
const urlOf = (name: string) => {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
};
const adminQuery = async (text: string) => {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
};

let fixtureDb = '';
let tenantId = 0;
let general: Copy;
let fast: Copy;
const charges: Record<string, { orderId: string; gross: number }> = {};
let runStart: Date;

/** Records which statement wrote each (order, status) record: the one-statement function or settle.ts's insert. */
const PROBE = `
  CREATE TABLE parity_probe (order_id text, status text, statement text);
  CREATE FUNCTION parity_probe() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
  BEGIN
    INSERT INTO parity_probe VALUES (NEW.order_id, NEW.transaction_status, current_query());
    RETURN NULL;
  END $$;
  CREATE TRIGGER parity_probe AFTER INSERT ON payment_notifications FOR EACH ROW EXECUTE FUNCTION parity_probe();`;

async function copyOf(template: string, suffix: string): Promise<Copy> {
  const name = `${template}_${suffix}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const owner = createPool(urlOf(name), { as: 'owner', max: 2 });
  await owner.query(PROBE);
  return { name, pool: createPool(urlOf(name), { max: 3 }), owner };
}

beforeAll(async () => {
  const t = await setupTestApp();
  fixtureDb = new URL(t.databaseUrl).pathname.slice(1);
  const admin = await tokenFor(t.app, SUPERADMIN, 'admin');
  const billed = async (key: string, options: Record<string, unknown>) => {
    const f = await billFixture(t, admin, { is_submit: true, ...options });
    tenantId = f.tenantId;
    const { rows } = await t.ownerPool.query<{ id: number; amount: string; school_id: number }>(
      'SELECT id, amount, school_id FROM registrant_installment_payments WHERE tenant_id = $1 AND header_id = $2 ORDER BY seq',
      [f.tenantId, f.billId],
    );
    return { key, billId: f.billId, installments: rows };
  };
  const charge = async (
    key: string,
    bill: { billId: number; installments: { id: number; amount: string; school_id: number }[] },
    seq: number,
    status: string,
  ) => {
    const inst = bill.installments[seq]!;
    const orderId = `PAR-${key}-${crypto.randomBytes(3).toString('hex')}`;
    await t.ownerPool.query(
      `INSERT INTO payment_charges (tenant_id, order_id, purpose, installment_id, header_id, school_id, channel, amount, status)
       VALUES ($1, $2, 'installment', $3, $4, $5, 'bni', $6, $7)`,
      [tenantId, orderId, inst.id, bill.billId, inst.school_id, inst.amount, status],
    );
    charges[key] = { orderId, gross: Number(inst.amount) };
  };
  const b1 = await billed('b1', { cost: 100_000 });
  await charge('c1', b1, 0, 'creating');
  const b2 = await billed('b2', { cost: 100_000, is_generate_cicilan: true, cicilan_count: 2 });
  await charge('c2a', b2, 0, 'pending');
  await charge('c2b', b2, 1, 'pending');
  await charge('c3', await billed('b3', { cost: 120_000 }), 0, 'pending');
  await charge('c4', await billed('b4', { cost: 130_000 }), 0, 'pending');
  const b5 = await billed('b5', { cost: 140_000 });
  await charge('c5a', b5, 0, 'pending');
  await charge('c5b', b5, 0, 'expire');
  await charge('c6', await billed('b6', { cost: 150_000 }), 0, 'pending');
  await charge('c7', await billed('b7', { cost: 160_000 }), 0, 'pending');
  await charge('c8', await billed('b8', { cost: 170_000 }), 0, 'pending');
  // The copies are taken of a database nobody is connected to.
  await t.app.close();
  await t.pool.end();
  await t.ownerPool.end();
  general = await copyOf(fixtureDb, 'general');
  fast = await copyOf(fixtureDb, 'fast');
  // Without its function the worker's one-statement attempt fails, is rolled back, and every row goes to settle.ts.
  await general.owner.query(
    `DO $$ BEGIN EXECUTE format('DROP FUNCTION %s', 'payment_notifications_fast'::regproc::regprocedure); END $$`,
  );
  runStart = (await fast.owner.query<{ now: Date }>('SELECT now()')).rows[0]!.now;
});

afterAll(async () => {
  for (const copy of [general, fast]) {
    if (!copy) continue;
    await copy.pool.end();
    await copy.owner.end();
    await adminQuery(`DROP DATABASE IF EXISTS ${copy.name} WITH (FORCE)`);
  }
  if (fixtureDb) await adminQuery(`DROP DATABASE IF EXISTS ${fixtureDb} WITH (FORCE)`);
});

type Sent = [key: string, status: string, extra?: { gross?: number; code?: string; fraud?: string }];

/** One round: the notifications stored in both inboxes, then each worker drains its inbox. */
async function round(sent: Sent[]) {
  const bodies = sent.map(([key, status, extra = {}]) => {
    const c = charges[key]!;
    const body: Record<string, unknown> = notification(
      c.orderId,
      status,
      extra.gross ?? c.gross,
      SERVER_KEY,
      extra.code,
    );
    if (extra.fraud) body.fraud_status = extra.fraud;
    answers.set(c.orderId, body);
    return body;
  });
  for (const copy of [general, fast]) {
    for (const body of bodies)
      await copy.owner.query(
        `INSERT INTO payment_inbox (tenant_id, order_id, transaction_id, transaction_status, body)
         VALUES ($1, $2, $3, $4, $5)`,
        [tenantId, body.order_id, body.transaction_id, body.transaction_status, JSON.stringify(body)],
      );
    const done = await drainInbox({ pool: copy.pool, gateway, jobs }, tenantId);
    expect(done).toEqual({ processed: bodies.length, failed: 0 });
  }
}

/**
 * The tables a notification can write, each with the order its rows are compared in. The worker applies a
 * batch's one-statement rows before the rest, so rows numbered as they are written (records, history,
 * messages) are compared without their number, in the order of what they are about.
 */
const TABLES: Record<string, string> = {
  registrant_header_payments: 'id',
  registrant_installment_payments: 'id',
  payment_charges: 'id',
  payment_notifications: 'order_id, transaction_status',
  payment_history: 'header_id, id',
  notifications: 'dedup_key',
  payment_inbox: 'id',
  registrants: 'id',
  registrant_status_history: 'registrant_id, id',
  report_bill_days: '1, 2, 3, 4, 5, 6',
  report_payment_days: '1, 2, 3, 4, 5, 6',
  report_registrant_days: '1, 2, 3, 4, 5, 6',
  list_versions: 'list',
};
const NUMBERED_AS_WRITTEN = new Set([
  'payment_notifications',
  'payment_history',
  'notifications',
  'registrant_status_history',
]);

/**
 * Every row of those tables. A time written by the run itself (now()) differs between the copies by the
 * moments they ran at: it reads 'during the run'; times from before (the fixture, the provider's) stay exact.
 */
async function rowsOf(copy: Copy) {
  const out: Record<string, unknown[]> = {};
  for (const [table, order] of Object.entries(TABLES)) {
    const { rows } = await copy.owner.query(`SELECT * FROM ${table} WHERE tenant_id = $1 ORDER BY ${order}`, [
      tenantId,
    ]);
    out[table] = rows.map((row) =>
      Object.fromEntries(
        Object.entries(row)
          .filter(([k]) => !(k === 'id' && NUMBERED_AS_WRITTEN.has(table)))
          .map(([k, v]) => [k, v instanceof Date ? (v >= runStart ? 'during the run' : v.toISOString()) : v]),
      ),
    );
  }
  return out;
}

async function expectSameRows() {
  expect(await rowsOf(fast)).toEqual(await rowsOf(general));
}

const fastStatements = async (copy: Copy) =>
  (
    await copy.owner.query<{ order_id: string; status: string }>(
      `SELECT order_id, status FROM parity_probe WHERE statement LIKE '%payment_notifications_fast(%' ORDER BY 1, 2`,
    )
  ).rows.map((r) => `${r.order_id} ${r.status}`);

describe('the two settlement paths', () => {
  it('agree on the everyday notifications and the ones only the general path takes', async () => {
    await round([
      ['c1', 'pending'],
      ['c2a', 'settlement'],
      ['c3', 'settlement', { gross: 121_000 }],
      ['c4', 'expire', { code: '407' }],
      ['c5a', 'settlement'],
      ['c7', 'cancel', { code: '200' }],
      ['c8', 'settlement'],
    ]);
    await expectSameRows();
    await round([
      ['c1', 'settlement'],
      ['c2a', 'settlement'],
      ['c2b', 'settlement'],
      ['c4', 'settlement'],
      ['c5b', 'settlement'],
      ['c6', 'capture', { fraud: 'challenge' }],
    ]);
    await expectSameRows();
    await round([
      ['c1', 'deny'],
      ['c2b', 'pending'],
      ['c8', 'partial_refund'],
    ]);
    await expectSameRows();
    // A settlement after the reversal, and a second delivery of the mismatched amount.
    await round([
      ['c1', 'settlement'],
      ['c3', 'settlement', { gross: 121_000 }],
    ]);
    await expectSameRows();
    await round([['c1', 'deny']]);
    await expectSameRows();
  });

  it('really took the one-statement path on one copy only', async () => {
    expect(await fastStatements(general)).toEqual([]);
    const o = (key: string) => charges[key]!.orderId;
    expect(await fastStatements(fast)).toEqual(
      expect.arrayContaining([
        `${o('c1')} pending`,
        `${o('c1')} settlement`,
        `${o('c2a')} settlement`,
        `${o('c2b')} settlement`,
        `${o('c4')} settlement`,
      ]),
    );
  });
});
