import { appPerFile } from '../../../test/app-per-file';
import { api, call } from '../../../test/helpers';
import { openPeriod } from '../../../test/parent-journey';
import { createHashPool } from '../../lib/hash-pool';
import { createHasher } from '../../lib/password';

const hasher = createHasher(
  { memoryCost: 4096, timeCost: 1, parallelism: 1 },
  createHashPool({ concurrency: 1, maxWaitMs: 0, queueMax: 0 }),
);
const t = appPerFile({ hasher });

const status = () => call(t.app, { method: 'GET', url: api('/public/status') });

describe('GET /public/status', () => {
  it('says whether registration is open, how many wait now and what the school wants parents to know', async () => {
    await openPeriod(t);
    const quiet = await status();
    expect(quiet.status).toBe(200);
    expect(quiet.headers['cache-control']).toBe('no-store');
    expect(quiet.body).toMatchObject({ registration_open: true, waiting: 0, message: '' });

    const saved = await call(t.app, {
      method: 'PUT',
      url: api('/config/status_message'),
      token: t.admin,
      payload: { data: 'Pendaftaran ramai pagi ini; antrean berjalan.' },
    });
    expect(saved.status).toBe(200);
    expect((await status()).body.message).toBe('Pendaftaran ramai pagi ini; antrean berjalan.');

    // Someone in the waiting room shows in the count (the pool's only slot held, no queue).
    let release!: () => void;
    const held = hasher.pool.run(() => new Promise<void>((r) => (release = r)));
    try {
      const refused = await call(t.app, {
        method: 'POST',
        url: api('/public/register'),
        payload: { name: 'Ibu Tari', email: 'tari@contoh.id', password: 'rahasia1' },
      });
      expect(refused.status).toBe(503);
      const busy = await status();
      expect(busy.body.waiting).toBe(1);
      expect(busy.body.estimated_seconds).toBeGreaterThanOrEqual(0);
    } finally {
      release();
      await held;
    }
  });
});
