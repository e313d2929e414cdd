import { type CreatePayout, PAYOUT_STATUS_LABELS, type PayoutStatusName } from '@psb/contracts';
import type { Pool } from '../../../db/pool';
import { type SchoolScope, type TenantConn, withTenantTx } from '../../../db/tenant-db';
import { type PaymentGateway, ProviderError } from '../../../integrations/midtrans/types';
import { writeAudit } from '../../../lib/audit';
import { HttpError, notFound } from '../../../lib/http-error';
import { insertPayout, listPayouts, lockPayout, type PayoutRecord, updatePayout } from './repository';

export interface PayoutDeps {
  pool: Pool;
  gateway: PaymentGateway;
}

export const PAYOUT_MSG = {
  ownPayout:
    'Pencairan ini Anda buat sendiri; persetujuan atau penolakan harus dilakukan oleh staf lain (prinsip empat mata).',
  notQueued: (s: PayoutStatusName) =>
    `Pencairan berstatus "${PAYOUT_STATUS_LABELS[s]}"; hanya pencairan yang menunggu persetujuan dapat disetujui atau ditolak.`,
  irisDown: 'Iris (pencairan dana) sedang tidak dapat dihubungi. Silakan coba lagi nanti.',
  irisRefused: (m: string) => `Iris menolak permintaan: ${m}`,
  notConfigured: 'Pencairan dana belum dikonfigurasi (kunci Iris belum diisi).',
  foundationWide:
    'Pencairan dana memakai dana yayasan untuk semua sekolah: hanya peran yang tidak dibatasi sekolah yang dapat membuat, menyetujui atau menolaknya.',
} as const;

/** Payouts move the foundation's money, not one school's: a school-limited role neither asks for nor decides them. */
export function assertFoundationWide(scope: SchoolScope) {
  if (scope !== null) throw new HttpError(403, PAYOUT_MSG.foundationWide);
}

const snapshot = (p: PayoutRecord) => ({ ...p }) as Record<string, unknown>;

async function audit(
  c: TenantConn,
  action: string,
  userId: number | null,
  before: PayoutRecord | null,
  after: PayoutRecord,
) {
  await writeAudit(c, {
    userId,
    action,
    resource: 'payouts',
    recordId: after.id,
    before: before && snapshot(before),
    after: snapshot(after),
  });
}

function providerFailure(err: unknown): HttpError {
  if (err instanceof ProviderError && !err.uncertain)
    return new HttpError(502, PAYOUT_MSG.irisRefused(err.message));
  return new HttpError(503, PAYOUT_MSG.irisDown);
}

/** The key Iris remembers a request by: the same payout row always sends the same key. */
export const idempotencyKey = (tenantId: number, id: number) => `psb-payout-${tenantId}-${id}`;

/**
 * Asks Iris for a transfer. The row is committed (`creating`) before Iris hears of it, and its id is the
 * idempotency key, so asking again after a lost answer returns Iris' first answer instead of a second transfer.
 */
export async function createPayout(
  deps: PayoutDeps,
  tenantId: number,
  scope: SchoolScope,
  userId: number,
  input: CreatePayout,
) {
  const { createPayouts } = deps.gateway;
  if (!createPayouts) throw new HttpError(503, PAYOUT_MSG.notConfigured);
  const row = await withTenantTx(
    deps.pool,
    tenantId,
    async (c) => {
      const r = await insertPayout(c, input, userId);
      await audit(c, 'payout_create', userId, null, r);
      return r;
    },
    scope,
  );
  return sendToIris(deps, tenantId, scope, userId, row);
}

/** Sends a `creating` row to Iris (again, after a crash or a lost answer: the key makes that safe). */
export async function sendToIris(
  deps: PayoutDeps,
  tenantId: number,
  scope: SchoolScope,
  userId: number | null,
  row: PayoutRecord,
) {
  let answer: { referenceNo: string; status: string } | undefined;
  let failure: HttpError | null = null;
  try {
    [answer] = await deps.gateway.createPayouts!(
      [
        {
          beneficiaryName: row.beneficiary_name,
          beneficiaryAccount: row.beneficiary_account,
          beneficiaryBank: row.beneficiary_bank,
          amount: Number(row.amount),
          notes: row.notes,
        },
      ],
      idempotencyKey(tenantId, row.id),
    );
  } catch (err) {
    failure = providerFailure(err);
    // An uncertain outcome stays `creating`: the sweep asks again with the same key.
    if (failure.statusCode === 503) throw failure;
  }
  await withTenantTx(
    deps.pool,
    tenantId,
    async (c) => {
      const before = await lockPayout(c, { id: row.id });
      if (before?.status !== 'creating') return;
      const after = await updatePayout(
        c,
        row.id,
        answer?.referenceNo
          ? { reference_no: answer.referenceNo, status: 'queued' }
          : {
              status: 'failed',
              error_message: (failure?.message ?? 'Iris tidak memberi nomor referensi.').slice(0, 500),
            },
      );
      await audit(c, answer?.referenceNo ? 'payout_queued' : 'payout_refused', userId, before, after);
    },
    scope,
  );
  if (failure) throw failure;
  if (!answer?.referenceNo) throw new HttpError(502, PAYOUT_MSG.irisRefused('tanpa nomor referensi'));
  return row.id;
}

/**
 * Approves or rejects a queued payout at Iris. Four eyes: whoever asked for it may not decide it. The row stays
 * locked while Iris is asked, so two staff deciding at once get one decision and one refusal.
 */
export async function decidePayout(
  deps: PayoutDeps,
  c: TenantConn,
  id: number,
  userId: number,
  decision: { approve: true } | { approve: false; reason: string },
) {
  const before = await lockPayout(c, { id });
  if (!before) throw notFound();
  if (before.created_by === userId) throw new HttpError(403, PAYOUT_MSG.ownPayout);
  if (before.status !== 'queued' || !before.reference_no)
    throw new HttpError(409, PAYOUT_MSG.notQueued(before.status));
  const gw = deps.gateway;
  try {
    if (decision.approve) {
      if (!gw.approvePayouts) throw new HttpError(503, PAYOUT_MSG.notConfigured);
      await gw.approvePayouts([before.reference_no]);
    } else {
      if (!gw.rejectPayouts) throw new HttpError(503, PAYOUT_MSG.notConfigured);
      await gw.rejectPayouts([before.reference_no], decision.reason);
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw providerFailure(err);
  }
  const after = await updatePayout(c, id, {
    status: decision.approve ? 'approved' : 'rejected',
    decided_by: userId,
    decided_at: new Date(),
    reject_reason: decision.approve ? null : decision.reason,
  });
  await audit(c, decision.approve ? 'payout_approve' : 'payout_reject', userId, before, after);
}

export async function payoutRow(c: TenantConn, id: number) {
  const [row] = await listPayouts(c, { id });
  if (!row) throw notFound();
  return row;
}
