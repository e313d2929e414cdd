import crypto from 'node:crypto';
import { RECENT_SIGN_IN_SECONDS, REGISTRANT_MSG } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { newParent, newVoucher, openPeriod, redeem } from '../../../../test/parent-journey';
import { createHashPool } from '../../../lib/hash-pool';
import { createHasher } from '../../../lib/password';

// One hash at a time and no queue, so a test can hold the only slot and see which calls still need one.
const hasher = createHasher(
  { memoryCost: 4096, timeCost: 1, parallelism: 1 },
  createHashPool({ concurrency: 1, maxWaitMs: 0, queueMax: 0 }),
);
const t = appPerFile({ signIn: false, hasher });

/** The parent's session as if its password had been given `secondsAgo` ago. */
function sessionFrom(token: string, secondsAgo: number) {
  const claims = t.app.jwt.decode<{ sub: string; tid: number; tv: number }>(token)!;
  return t.app.jwt.sign({
    sub: claims.sub,
    tid: claims.tid,
    aud: 'user',
    jti: crypto.randomUUID(),
    tv: claims.tv,
    iat: Math.floor(Date.now() / 1000) - secondsAgo,
  });
}

async function place() {
  const p = await openPeriod(t);
  return { school_id: p.schoolId, school_period_id: p.periodId, mst_class_id: p.classId };
}

describe('voucher redemption soon after signing in', () => {
  it('needs no password, and no hash, within the recent sign-in window', async () => {
    const where = await place();
    const parent = await newParent(t);
    const code = await newVoucher(t);
    let release!: () => void;
    const held = hasher.pool.run(() => new Promise<void>((r) => (release = r)));
    try {
      // The pool's only slot is taken: a redemption that needed a hash would be refused with 503.
      const res = await redeem(t, parent.token, { token: code, ...where, password: undefined });
      expect(res.status).toBe(201);
    } finally {
      release();
      await held;
    }
  });

  it('asks for the password once the window has passed, and checks it as before', async () => {
    const where = await place();
    const parent = await newParent(t);
    const stale = sessionFrom(parent.token, RECENT_SIGN_IN_SECONDS + 60);

    const without = await redeem(t, stale, { token: await newVoucher(t), ...where, password: undefined });
    expect(without.status).toBe(400);
    expect(without.body.errors).toEqual({ password: REGISTRANT_MSG.passwordAgain });

    const wrong = await redeem(t, stale, { token: await newVoucher(t), ...where, password: 'salah123' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ password: REGISTRANT_MSG.wrongPassword });

    expect((await redeem(t, stale, { token: await newVoucher(t), ...where })).status).toBe(201);
  });

  it('still refuses a wrong password given inside the window', async () => {
    const where = await place();
    const parent = await newParent(t);
    const res = await redeem(t, parent.token, { token: await newVoucher(t), ...where, password: 'salah123' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ password: REGISTRANT_MSG.wrongPassword });
  });
});
