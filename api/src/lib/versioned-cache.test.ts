import { VersionedCache } from './versioned-cache';

const counting = () => {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    compute: (value: string) => async () => {
      calls += 1;
      return value;
    },
  };
};

describe('VersionedCache', () => {
  it('gives a kept answer at its version only', async () => {
    const cache = new VersionedCache<string>({ entries: 10, size: 100 });
    const c = counting();
    expect(await cache.get('k', 1, c.compute('a'))).toBe('a');
    expect(await cache.get('k', 1, c.compute('b'))).toBe('a');
    expect(c.calls).toBe(1);
    expect(await cache.get('k', 2, c.compute('c'))).toBe('c');
    expect(c.calls).toBe(2);
  });

  it('lets callers at the same version share one computation', async () => {
    const cache = new VersionedCache<string>({ entries: 10, size: 100 });
    let release!: (v: string) => void;
    let calls = 0;
    const slow = () => {
      calls += 1;
      return new Promise<string>((resolve) => {
        release = resolve;
      });
    };
    const first = cache.get('k', 1, slow);
    const second = cache.get('k', 1, slow);
    release('x');
    expect(await Promise.all([first, second])).toEqual(['x', 'x']);
    expect(calls).toBe(1);
  });

  it('does not let an answer read at an older version replace a newer one', async () => {
    const cache = new VersionedCache<string>({ entries: 10, size: 100 });
    let releaseOld!: (v: string) => void;
    const old = cache.get('k', 1, () => new Promise((resolve) => (releaseOld = resolve)));
    expect(await cache.get('k', 2, async () => 'new')).toBe('new');
    releaseOld('old');
    expect(await old).toBe('old');
    const c = counting();
    expect(await cache.get('k', 2, c.compute('again'))).toBe('new');
    expect(c.calls).toBe(0);
  });

  it('keeps nothing from a failed computation', async () => {
    const cache = new VersionedCache<string>({ entries: 10, size: 100 });
    await expect(cache.get('k', 1, () => Promise.reject(new Error('gagal')))).rejects.toThrow('gagal');
    expect(await cache.get('k', 1, async () => 'ok')).toBe('ok');
  });

  it('drops the least recently used beyond its entries and its size', async () => {
    const cache = new VersionedCache<string>({ entries: 2, size: 10 }, (v) => v.length);
    const c = counting();
    await cache.get('a', 1, c.compute('aaaa'));
    await cache.get('b', 1, c.compute('bbbb'));
    await cache.get('a', 1, c.compute('-')); // a is now the most recently used
    await cache.get('c', 1, c.compute('cc')); // over 2 entries: b goes
    expect(c.calls).toBe(3);
    await cache.get('a', 1, c.compute('-'));
    expect(c.calls).toBe(3);
    await cache.get('b', 1, c.compute('bbbb'));
    expect(c.calls).toBe(4);
    // Larger than the whole size: given, not kept.
    expect(await cache.get('big', 1, c.compute('x'.repeat(11)))).toHaveLength(11);
    await cache.get('big', 1, c.compute('x'.repeat(11)));
    expect(c.calls).toBe(6);
  });
});
