import { EVERY_SCHOOL, type TenantConn, withTenantTx } from '../../../db/tenant-db';
import type { ProviderOrder } from '../../../integrations/midtrans/types';
import { HttpError } from '../../../lib/http-error';
import { awaitsSignature } from '../../registrants';
import { applyProviderOrder } from '../settle';
import { type FeeCache, type RecordedAttempt, recordAttempt } from './attempt';
import { describeInstallmentCharge, installmentRows } from './installment';
import { chargeAtProvider, openCharge } from './open';
import { OPEN_CHARGE_COLUMNS, openChargeFrom } from './still-open';
import type { ChargeRequest, ChargeTarget, PaymentDeps } from './types';

/**
 * Opens a charge for each of many installments (bulk billing), with the same rules as `openCharge`: every
 * attempt is recorded and committed (one transaction for all) before the provider hears of any, the provider
 * calls run `inFlight` at once, and the answers are applied in one transaction. An installment with an open
 * charge to close first goes the single way. Resolves to the installments whose charge is open.
 */
export async function openChargesInBulk(
  deps: PaymentDeps,
  tenantId: number,
  targets: ChargeTarget[],
  inFlight: number,
): Promise<Set<number>> {
  const scope = EVERY_SCHOOL;
  const opened = new Set<number>();
  const single: ChargeTarget[] = [];
  type Attempt = { target: ChargeTarget; recorded: RecordedAttempt; request: ChargeRequest };
  const prepareAll = () =>
    withTenantTx(
      deps.pool,
      tenantId,
      async (c) => {
        const made: Attempt[] = [];
        const fees: FeeCache = new Map();
        const ids = targets.map((t) => t.installmentId);
        const rows = new Map((await installmentRows(c, ids)).map((r) => [r.id, r]));
        const open = new Map(
          (
            await c.db
              .selectFrom('payment_charges')
              .select([...OPEN_CHARGE_COLUMNS, 'installment_id'])
              .where('tenant_id', '=', c.tenantId)
              .where('status', 'in', ['creating', 'pending'])
              .where('installment_id', 'in', ids)
              .execute()
          ).map((o) => [o.installment_id!, o]),
        );
        for (const target of targets) {
          const id = target.installmentId;
          const row = rows.get(id);
          // A re-registration bill waits for the enrolment agreement's signature: left out like a refusal.
          if (row?.show_at_graduation && (await awaitsSignature(c, row.registrant_id))) continue;
          // A refusal (paid, cancelled, …) comes before any write: that installment is left out, the rest go on.
          const p = await describeInstallmentCharge(target, row, openChargeFrom(c, open.get(id))).catch(
            (err) => {
              if (err instanceof HttpError) return null;
              throw err;
            },
          );
          if (!p) continue;
          if ('existing' in p) opened.add(target.installmentId);
          else if (p.close) single.push(target);
          else made.push({ target, recorded: await recordAttempt(c, p, fees), request: p });
        }
        return made;
      },
      scope,
    );
  const attempts = await prepareAll().catch(() => {
    // Something unexpected failed and nothing of the batch was written: each installment the single way.
    opened.clear();
    single.splice(0, single.length, ...targets);
    return [] as Attempt[];
  });
  const answers: { installmentId: number; order: ProviderOrder }[] = [];
  await eachLimited(attempts, inFlight, async (a) => {
    const order = await chargeAtProvider(deps, tenantId, scope, a.recorded, a.request).catch(() => null);
    if (order) answers.push({ installmentId: a.target.installmentId, order });
  });
  const apply = async (c: TenantConn, a: (typeof answers)[number]) => {
    await applyProviderOrder(c, a.order, 'charge');
    opened.add(a.installmentId);
  };
  await withTenantTx(
    deps.pool,
    tenantId,
    async (c) => {
      for (const a of answers) await apply(c, a);
    },
    scope,
  ).catch(async () => {
    // One answer could not be applied: apply them one by one so the others still count.
    for (const a of answers)
      await withTenantTx(deps.pool, tenantId, (c) => apply(c, a), scope).catch(() => undefined);
  });
  await eachLimited(single, 1, async (target) => {
    await openCharge(deps, tenantId, scope, target).then(
      () => opened.add(target.installmentId),
      () => undefined,
    );
  });
  return opened;
}

/** `fn` over the items, at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<unknown>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
