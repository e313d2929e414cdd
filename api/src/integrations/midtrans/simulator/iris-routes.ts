import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Selectable } from 'kysely';
import type { MidtransSimulatorPayouts } from '../../../db/generated/database';
import { sameSecret } from '../signature';
import { wibDate } from '../wib';
import { basicAuth, type Json, obj } from '../wire';
import type { MidtransSimulator } from './index';

type PayoutRow = Selectable<MidtransSimulatorPayouts>;

const refs = (v: unknown) => (Array.isArray(v) ? v.filter((r): r is string => typeof r === 'string') : []);

const irisError = (reply: FastifyReply, status: number, message: string, errors?: string[]) =>
  reply.code(status).send({ error_message: message, ...(errors ? { errors } : {}) });

/** Iris money is a decimal string. */
const amountString = (n: number) => `${n}.0`;

function payoutAnswer(p: PayoutRow): Json {
  return {
    amount: amountString(p.amount),
    beneficiary_name: p.beneficiary_name,
    beneficiary_account: p.beneficiary_account,
    bank: p.beneficiary_bank,
    beneficiary_bank: p.beneficiary_bank,
    reference_no: p.reference_no,
    notes: p.notes,
    beneficiary_email: p.beneficiary_email,
    status: p.status,
    created_by: 'simulator',
    created_at: p.created_at.toISOString(),
    updated_at: p.updated_at.toISOString(),
  };
}

/** Only these moves exist; `advance` walks approved → processed → completed (or failed). */
const NEXT: Record<string, string> = { approved: 'processed', processed: 'completed' };

function checkPayout(p: Json, i: number): string[] {
  const out: string[] = [];
  const text = (k: string, max: number) =>
    typeof p[k] === 'string' && (p[k] as string).trim() !== '' && (p[k] as string).length <= max;
  if (!text('beneficiary_name', 100)) out.push(`payouts[${i}].beneficiary_name is required`);
  if (typeof p.beneficiary_account !== 'string' || !/^\d{5,30}$/.test(p.beneficiary_account))
    out.push(`payouts[${i}].beneficiary_account must be digits`);
  if (!text('beneficiary_bank', 30)) out.push(`payouts[${i}].beneficiary_bank is required`);
  if (typeof p.amount !== 'string' || !/^\d+(\.\d{1,2})?$/.test(p.amount) || Number(p.amount) < 1)
    out.push(`payouts[${i}].amount must be a positive decimal string`);
  if (!text('notes', 100)) out.push(`payouts[${i}].notes is required, at most 100 characters`);
  return out;
}

/** Iris payouts under …/iris/api/v1, Basic auth with the Iris key. */
export default async function irisRoutes(
  app: FastifyInstance,
  { simulator }: { simulator: MidtransSimulator },
) {
  const basic = basicAuth(simulator.irisKey);
  app.addHook('onRequest', async (req, reply) => {
    if (!sameSecret(req.headers.authorization ?? '', basic)) return irisError(reply, 401, 'Unauthorized');
  });
  const db = () => simulator.db;

  app.post('/payouts', async (req, reply) => {
    const list = Array.isArray(obj(req.body).payouts) ? (obj(req.body).payouts as unknown[]).map(obj) : [];
    const problems =
      list.length === 0 ? ['payouts must list at least one payout'] : list.flatMap(checkPayout);
    if (problems.length > 0)
      return irisError(reply, 400, 'An error occurred when creating payouts', problems);
    const key =
      typeof req.headers['x-idempotency-key'] === 'string'
        ? req.headers['x-idempotency-key'].slice(0, 100)
        : null;
    if (key) {
      const earlier = await db()
        .selectFrom('midtrans_simulator_payouts')
        .select(['reference_no', 'status'])
        .where('idempotency_key', 'like', `${key.replace(/[\\%_]/g, '\\$&')}#%`)
        .orderBy('idempotency_key')
        .execute();
      if (earlier.length > 0) {
        if (earlier.length !== list.length) return irisError(reply, 409, 'idempotency-key is not unique');
        return reply.code(201).send({ payouts: earlier });
      }
    }
    const rows = await db()
      .insertInto('midtrans_simulator_payouts')
      .values(
        list.map((p, i) => ({
          reference_no: crypto.randomBytes(10).toString('hex'),
          beneficiary_name: String(p.beneficiary_name),
          beneficiary_account: String(p.beneficiary_account),
          beneficiary_bank: String(p.beneficiary_bank),
          beneficiary_email: typeof p.beneficiary_email === 'string' ? p.beneficiary_email : null,
          amount: Math.round(Number(p.amount)),
          notes: String(p.notes),
          idempotency_key: key ? `${key}#${String(i).padStart(4, '0')}` : null,
        })),
      )
      .returning(['reference_no', 'status'])
      .execute();
    return reply.code(201).send({ payouts: rows });
  });

  app.get<{ Params: { ref: string } }>('/payouts/:ref', async (req, reply) => {
    const row = await db()
      .selectFrom('midtrans_simulator_payouts')
      .selectAll()
      .where('reference_no', '=', req.params.ref)
      .executeTakeFirst();
    if (!row) return irisError(reply, 404, 'Payout not found');
    return payoutAnswer(row);
  });

  /** Approve and reject move queued payouts only; others stay as they are (as Iris does). */
  const decide = (to: 'approved' | 'rejected') => async (req: { body: unknown }, reply: FastifyReply) => {
    const wanted = refs(obj(req.body).reference_nos);
    if (wanted.length === 0) return irisError(reply, 400, 'reference_nos is required');
    if (to === 'rejected' && typeof obj(req.body).reject_reason !== 'string')
      return irisError(reply, 400, 'reject_reason is required');
    const moved = await db()
      .updateTable('midtrans_simulator_payouts')
      .set({ status: to, updated_at: new Date() })
      .where('reference_no', 'in', wanted)
      .where('status', '=', 'queued')
      .returningAll()
      .execute();
    for (const p of moved) {
      simulator.iris.send(p);
      if (to === 'approved' && simulator.processPayouts)
        void simulator.iris.track(bankProcesses(p.reference_no));
    }
    return { status: 'ok' };
  };

  /** One step of the bank side: the payout moves from `from` to `to` (if nobody moved it meanwhile) and Iris tells. */
  async function moveOn(ref: string, from: string, to: string) {
    const updated = await db()
      .updateTable('midtrans_simulator_payouts')
      .set({ status: to, updated_at: new Date() })
      .where('reference_no', '=', ref)
      .where('status', '=', from)
      .returningAll()
      .executeTakeFirst();
    if (updated) simulator.iris.send(updated);
    return updated;
  }

  /** What the bank does with an approved payout: processes it, then completes it. */
  async function bankProcesses(ref: string) {
    if (await moveOn(ref, 'approved', 'processed')) await moveOn(ref, 'processed', 'completed');
  }
  app.post('/payouts/approve', decide('approved'));
  app.post('/payouts/reject', decide('rejected'));

  /** Statement lines per WIB date range; only payouts exist in the simulator (no top-ups). */
  app.get<{ Querystring: { from_date?: string; to_date?: string } }>('/statements', async (req, reply) => {
    const day = /^\d{4}-\d{2}-\d{2}$/;
    const { from_date: from, to_date: to } = req.query;
    if (!from || !to || !day.test(from) || !day.test(to))
      return irisError(reply, 400, 'from_date and to_date are required (YYYY-MM-DD)');
    const rows = await db()
      .selectFrom('midtrans_simulator_payouts')
      .selectAll()
      .where('created_at', '>=', new Date(`${from}T00:00:00+07:00`))
      .where('created_at', '<', new Date(new Date(`${to}T00:00:00+07:00`).getTime() + 86_400_000))
      .where('status', 'not in', ['rejected'])
      .orderBy('created_at')
      .execute();
    return rows.map((p) => ({
      reference_no: p.reference_no,
      type: 'payout',
      amount: amountString(p.amount),
      status: 'debit',
      created_at: p.created_at.toISOString(),
      date: wibDate(p.created_at),
    }));
  });

  /** Simulator only: the bank side moves an approved payout on (or fails it). */
  app.post('/payouts/:ref/advance', async (req, reply) => {
    const { ref } = req.params as { ref: string };
    const fail = obj(req.body).fail === true;
    const row = await db()
      .selectFrom('midtrans_simulator_payouts')
      .select('status')
      .where('reference_no', '=', ref)
      .executeTakeFirst();
    if (!row) return irisError(reply, 404, 'Payout not found');
    const to = fail && ['processed', 'completed'].includes(row.status) ? 'failed' : NEXT[row.status];
    if (!to) return irisError(reply, 409, `Payout is ${row.status}`);
    const updated = await moveOn(ref, row.status, to);
    if (!updated) return irisError(reply, 409, 'Payout changed meanwhile');
    return payoutAnswer(updated);
  });
}
