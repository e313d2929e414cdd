import type { CreatePayout, PayoutRow } from '@psb/contracts';
import type { Selectable, Updateable } from 'kysely';
import type { Payouts } from '../../../db/generated/database';
import type { TenantConn } from '../../../db/tenant-db';

export type PayoutRecord = Selectable<Payouts>;

export async function insertPayout(c: TenantConn, v: CreatePayout, createdBy: number) {
  return c.db
    .insertInto('payouts')
    .values({ tenant_id: c.tenantId, ...v, created_by: createdBy })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The row, locked until the transaction ends: decisions and notifications on one payout take turns. */
export async function lockPayout(c: TenantConn, where: { id: number } | { referenceNo: string }) {
  let q = c.db.selectFrom('payouts').selectAll().where('tenant_id', '=', c.tenantId);
  q = 'id' in where ? q.where('id', '=', where.id) : q.where('reference_no', '=', where.referenceNo);
  return q.forUpdate().executeTakeFirst();
}

export async function updatePayout(c: TenantConn, id: number, set: Updateable<Payouts>) {
  return c.db
    .updateTable('payouts')
    .set({ ...set, updated_at: new Date() })
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Payouts with the names of who asked and who decided, newest first. */
export async function listPayouts(
  c: TenantConn,
  where: { from: Date; to: Date } | { id: number },
): Promise<PayoutRow[]> {
  let q = c.db
    .selectFrom('payouts as p')
    .leftJoin('users as cu', (j) =>
      j.onRef('cu.tenant_id', '=', 'p.tenant_id').onRef('cu.id', '=', 'p.created_by'),
    )
    .leftJoin('users as du', (j) =>
      j.onRef('du.tenant_id', '=', 'p.tenant_id').onRef('du.id', '=', 'p.decided_by'),
    )
    .where('p.tenant_id', '=', c.tenantId);
  q =
    'id' in where
      ? q.where('p.id', '=', where.id)
      : q.where('p.created_at', '>=', where.from).where('p.created_at', '<=', where.to);
  const rows = await q
    .select([
      'p.id',
      'p.reference_no',
      'p.beneficiary_name',
      'p.beneficiary_account',
      'p.beneficiary_bank',
      'p.amount',
      'p.notes',
      'p.status',
      'p.created_by',
      'cu.name as created_by_name',
      'du.name as decided_by_name',
      'p.decided_at',
      'p.reject_reason',
      'p.error_message',
      'p.created_at',
    ])
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(1000)
    .execute();
  return rows.map((r) => ({
    ...r,
    amount: Number(r.amount),
    created_by_name: r.created_by_name ?? null,
    decided_by_name: r.decided_by_name ?? null,
    decided_at: r.decided_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
  }));
}
