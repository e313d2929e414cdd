import { sql } from 'kysely';
import type { TenantConn } from '../../../db/tenant-db';
import { feeForChannel } from '../convenience-fee';
import { orderIdPrefix } from './order-id';
import type { ChargeRequest } from './types';

/** The convenience fee of a channel and amount, remembered for the rest of a batch. */
export type FeeCache = Map<string, Awaited<ReturnType<typeof feeForChannel>>>;

export async function recordAttempt(c: TenantConn, p: ChargeRequest, fees?: FeeCache) {
  const feeKey = `${p.channel}:${p.amount}`;
  const fee = fees?.get(feeKey) ?? (await feeForChannel(c.db, p.channel, p.amount));
  fees?.set(feeKey, fee);
  // The order id carries the row's own id, so both come from one sequence value in one statement.
  const { rows } = await sql<{ id: string; order_id: string }>`
    INSERT INTO payment_charges (tenant_id, id, order_id, purpose, installment_id, header_id, subject_id, school_id,
                                 user_id, channel, amount, fee_amount)
    SELECT ${c.tenantId}::int, x.id, ${orderIdPrefix(c.tenantId)} || x.id, ${p.purpose}, ${p.installmentId ?? null}::int,
           ${p.headerId ?? null}::int, ${p.subjectId ?? null}::int, ${p.schoolId}::int, ${p.userId}::int, ${p.channel},
           ${p.amount}::bigint, ${fee.fee}::bigint
    FROM (SELECT nextval(pg_get_serial_sequence('payment_charges', 'id')) AS id) x
    RETURNING id::text, order_id`.execute(c.db);
  const row = rows[0]!;
  return { id: Number(row.id), order_id: row.order_id, fee: fee.fee, gross: p.amount + fee.fee };
}

export type RecordedAttempt = Awaited<ReturnType<typeof recordAttempt>>;
