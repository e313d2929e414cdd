/** Fixtures of the offers api tests (jest only). */
import crypto from 'node:crypto';
import type { TestContext } from '../../../../test/helpers';
import { type openPeriod, registrantIn } from '../../../../test/parent-journey';

type Period = Awaited<ReturnType<typeof openPeriod>>;

/** A registrant of a new parent ("Ibu Uji") in the period, moved to "verified" as staff would. */
export async function verifiedRegistrant(t: TestContext, p: Period) {
  const { id, parent } = await registrantIn(t, p);
  await t.ownerPool.query(
    `UPDATE registrants SET status = 'verified', is_submit = true, is_verified = true, locked = true,
       submitted_at = now(), name = $2 WHERE id = $1`,
    [id, `Murid ${crypto.randomBytes(3).toString('hex')}`],
  );
  return { id, parent };
}

/** An accepted and a reserve result status, with names unique to the test. */
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
    accepted: await add(`Lulus ${tag}`, true, false),
    reserve: await add(`Cadangan ${tag}`, false, true),
  };
}
