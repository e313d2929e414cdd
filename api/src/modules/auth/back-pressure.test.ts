import { QUEUE_TICKET_HEADER } from '@psb/contracts';
import { appPerFile } from '../../../test/app-per-file';
import { call } from '../../../test/helpers';
import { createHashPool } from '../../lib/hash-pool';
import { createHasher } from '../../lib/password';

// One hash at a time and no queue: whatever holds the pool makes every further hash wait outside.
const hasher = createHasher(
  { memoryCost: 4096, timeCost: 1, parallelism: 1 },
  createHashPool({ concurrency: 1, maxWaitMs: 0, queueMax: 0 }),
);
const t = appPerFile({ signIn: false, hasher });

/** Keeps the pool's only slot busy until the returned function is called. */
async function occupyPool() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const running = hasher.pool.run(() => held);
  return async () => {
    release();
    await running;
  };
}

const register = (email: string, ticket?: string) =>
  call(t.app, {
    method: 'POST',
    url: '/api/v1/public/register',
    payload: { name: 'Ibu Sari', email, phone_number: '', password: 'rahasia1' },
    headers: ticket ? { [QUEUE_TICKET_HEADER]: ticket } : {},
  });

describe('password hashing under back-pressure', () => {
  it('refuses hashing work beyond the pool with 503 and Retry-After, while calls without a hash answer', async () => {
    const release = await occupyPool();
    let refused: Awaited<ReturnType<typeof register>>;
    let login: Awaited<ReturnType<typeof register>>;
    const signIn = (ticket: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/v1/public/login',
        payload: { username: 'orangtua@demo.sch.id', password: 'demo1234', type: 'user' },
        headers: ticket ? { [QUEUE_TICKET_HEADER]: ticket } : {},
      });
    try {
      refused = await register('sari@contoh.id');
      expect(refused.status).toBe(503);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(refused.body).toMatchObject({ success: false, position: 1 });
      expect(refused.body.message).toMatch(/^Anda dalam antrean/);

      login = await signIn('');
      expect(login.status).toBe(503);
      expect(login.body.position).toBe(2);

      // Public reads cost no hash and do not wait for the pool.
      const firstPage = await call(t.app, { method: 'GET', url: '/api/v1/public/first_page' });
      expect(firstPage.status).toBe(200);
    } finally {
      await release();
    }
    // Nothing was half-done: both go through once the pool is free, in their order.
    expect((await register('sari@contoh.id', refused.body.ticket as string)).status).toBe(201);
    expect((await signIn(login.body.ticket as string)).status).toBe(200);
  });

  it('answers a full house with the waiting room: places kept by first arrival, admitted in that order', async () => {
    const release = await occupyPool();
    let first: Awaited<ReturnType<typeof register>>;
    let second: Awaited<ReturnType<typeof register>>;
    try {
      first = await register('ani@contoh.id');
      second = await register('budi@contoh.id');
      expect([first.body.position, second.body.position]).toEqual([1, 2]);
      expect(second.body.estimated_seconds).toBeGreaterThanOrEqual(first.body.estimated_seconds as number);
      // Coming back with the ticket keeps the place; without it, a caller joins at the back.
      expect((await register('ani@contoh.id', first.body.ticket as string)).body.position).toBe(1);
      expect((await register('citra@contoh.id')).body.position).toBe(3);
    } finally {
      await release();
    }
    // The free slot is kept for the first in line: the second (and any newcomer) still waits.
    expect((await register('budi@contoh.id', second.body.ticket as string)).body.position).toBe(2);
    expect((await register('ani@contoh.id', first.body.ticket as string)).status).toBe(201);
    expect((await register('budi@contoh.id', second.body.ticket as string)).status).toBe(201);
  });
});

/**
 * The waiting room's line is shared by every api instance (waiting_line in PostgreSQL): a parent another
 * instance put in line is ahead of a later arrival here, in the door's decision, the position shown and the
 * public status — as it would be on that instance.
 */
describe('the waiting line across instances', () => {
  it('counts a parent waiting at another instance ahead of a later arrival here', async () => {
    const { rows } = await t.ownerPool.query<{ id: number }>("SELECT id FROM tenants WHERE slug = 'demo'");
    // Those the tests above left waiting have gone home.
    await t.ownerPool.query('DELETE FROM waiting_line');
    // What another instance writes when it refuses a parent who arrived five seconds ago.
    await t.ownerPool.query('INSERT INTO waiting_line (tenant_id, nonce, rank) VALUES ($1, $2, $3)', [
      rows[0]!.id,
      'di-instans-lain',
      Date.now() - 5000,
    ]);

    const status = await call(t.app, { method: 'GET', url: '/api/v1/public/status' });
    expect(status.body.waiting).toBe(1);
    const refused = await register('dewi@contoh.id');
    expect(refused.status).toBe(503);
    expect(refused.body.position).toBe(2);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/public/status' })).body.waiting).toBe(2);

    // The other instance lets its parent in (the row leaves the line): this one's turn comes.
    await t.ownerPool.query("DELETE FROM waiting_line WHERE nonce = 'di-instans-lain'");
    expect((await register('dewi@contoh.id', refused.body.ticket as string)).status).toBe(201);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/public/status' })).body.waiting).toBe(0);
  });

  it('keeps two parents of the same rank in separate places, whichever instance refused them', async () => {
    const { rows } = await t.ownerPool.query<{ id: number }>("SELECT id FROM tenants WHERE slug = 'demo'");
    await t.ownerPool.query('DELETE FROM waiting_line');
    const release = await occupyPool();
    try {
      const refused = await register('rina@contoh.id');
      expect(refused.body.position).toBe(1);
      const ticket = refused.body.ticket as string;
      const [arrivedAt] = JSON.parse(Buffer.from(ticket.split('.')[0]!, 'base64url').toString()) as [number];
      // Two parents other instances refused in the very same millisecond: one ahead of this one, one after.
      for (const nonce of ['-', '~'])
        await t.ownerPool.query('INSERT INTO waiting_line (tenant_id, nonce, rank) VALUES ($1, $2, $3)', [
          rows[0]!.id,
          nonce,
          arrivedAt,
        ]);
      const again = await register('rina@contoh.id', ticket);
      expect(again.status).toBe(503);
      expect(again.body.position).toBe(2);
    } finally {
      await release();
      await t.ownerPool.query('DELETE FROM waiting_line');
    }
  });
});
