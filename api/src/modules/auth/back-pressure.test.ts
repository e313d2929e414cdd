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

const register = (email: string) =>
  call(t.app, {
    method: 'POST',
    url: '/api/v1/public/register',
    payload: { name: 'Ibu Sari', email, phone_number: '', password: 'rahasia1' },
  });

describe('password hashing under back-pressure', () => {
  it('refuses hashing work beyond the pool with 503 and Retry-After, while calls without a hash answer', async () => {
    const release = await occupyPool();
    try {
      const refused = await register('sari@contoh.id');
      expect(refused.status).toBe(503);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(refused.body.message).toMatch(/Silakan coba lagi/);

      const login = await call(t.app, {
        method: 'POST',
        url: '/api/v1/public/login',
        payload: { username: 'orangtua@demo.sch.id', password: 'demo1234', type: 'user' },
      });
      expect(login.status).toBe(503);

      // Public reads cost no hash and do not wait for the pool.
      const firstPage = await call(t.app, { method: 'GET', url: '/api/v1/public/first_page' });
      expect(firstPage.status).toBe(200);
    } finally {
      await release();
    }
    // Nothing was half-done: the same registration goes through once the pool is free.
    expect((await register('sari@contoh.id')).status).toBe(201);
  });
});
