/**
 * Two requests that lock the same rows in opposite orders deadlock; PostgreSQL aborts one of them. The aborted
 * transaction is run again and both requests succeed, each change made once.
 */
import { appPerFile } from '../../test/app-per-file';
import { newRegistrant } from '../../test/parent-journey';
import { withTenantTx } from './tenant-db';

const t = appPerFile({ signIn: false });

const signal = () => {
  let fire!: () => void;
  const fired = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { fire, fired };
};

it('runs a deadlock’s victim again: both transactions commit, each once', async () => {
  const [r1, r2] = [await newRegistrant(t), await newRegistrant(t)];
  const { rows } = await t.ownerPool.query('SELECT tenant_id FROM registrants WHERE id = $1', [r1.id]);
  const tenantId = rows[0].tenant_id as number;
  const [aLocked, bLocked] = [signal(), signal()];
  const attempts = { a: 0, b: 0 };
  const rename = (c: Parameters<Parameters<typeof withTenantTx>[2]>[0], id: number, name: string) =>
    c.db
      .updateTable('registrants')
      .set({ name })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();

  const [a, b] = await Promise.all([
    withTenantTx(
      t.pool,
      tenantId,
      async (c) => {
        attempts.a += 1;
        await rename(c, r1.id, 'A1');
        aLocked.fire();
        await bLocked.fired;
        await rename(c, r2.id, 'A2');
        return 'a';
      },
      null,
    ),
    withTenantTx(
      t.pool,
      tenantId,
      async (c) => {
        attempts.b += 1;
        await rename(c, r2.id, 'B2');
        bLocked.fire();
        await aLocked.fired;
        await rename(c, r1.id, 'B1');
        return 'b';
      },
      null,
    ),
  ]);

  expect([a, b]).toEqual(['a', 'b']);
  // One of them lost the race once and ran again after the other committed.
  expect(attempts.a + attempts.b).toBe(3);
  const names = await t.ownerPool.query('SELECT id, name FROM registrants WHERE id = ANY($1) ORDER BY id', [
    [r1.id, r2.id],
  ]);
  const expected = attempts.a === 2 ? ['A1', 'A2'] : ['B1', 'B2'];
  expect(names.rows.map((x) => x.name)).toEqual(expected);
});
