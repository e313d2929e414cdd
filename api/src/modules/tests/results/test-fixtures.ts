/** Fixtures of the graduation api tests (jest only). */
import crypto from 'node:crypto';
import type { TestContext } from '../../../../test/helpers';
import { type openPeriod, registrantIn } from '../../../../test/parent-journey';
import { kyselyOnPool } from '../../../db/kysely';

type Period = Awaited<ReturnType<typeof openPeriod>>;

/**
 * A registrant of a new parent in the period, moved to "verified" as the registrant screens would (the
 * verification itself is another module's, tested there). Returns the registrant and its parent.
 */
export async function verifiedRegistrant(t: TestContext, p: Period) {
  const { id, parent } = await registrantIn(t, p);
  const { rows } = await t.ownerPool.query<{ user_id: number }>(
    `UPDATE registrants SET status = 'verified', is_submit = true, is_verified = true, locked = true,
       submitted_at = now(), name = $2 WHERE id = $1 RETURNING user_id`,
    [id, `Murid ${crypto.randomBytes(3).toString('hex')}`],
  );
  return { id, parent, userId: rows[0]!.user_id };
}

/** Three accepted statuses of each kind, with names unique to the test. */
export async function resultStatuses(t: TestContext, tenantId: number) {
  const tag = crypto.randomBytes(3).toString('hex');
  const add = async (name: string, accepted: boolean, reserve: boolean) => {
    const { rows } = await t.ownerPool.query<{ id: number }>(
      `INSERT INTO mst_accepted_statuses (tenant_id, name, is_accepted, is_reserve) VALUES ($1, $2, $3, $4)
       RETURNING id`,
      [tenantId, name, accepted, reserve],
    );
    return { id: rows[0]!.id, name };
  };
  return {
    accepted: await add(`Lulus Seleksi ${tag}`, true, false),
    reserve: await add(`Cadangan Seleksi ${tag}`, false, true),
    rejected: await add(`Belum Lulus ${tag}`, false, false),
  };
}

/** The registrant's result fields, read as the owner. */
export function registrantRow(t: TestContext, id: number) {
  return kyselyOnPool(t.ownerPool)
    .selectFrom('registrants')
    .select(['status', 'result_published_at', 'mst_accepted_status_id', 'reserve_rank'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}
