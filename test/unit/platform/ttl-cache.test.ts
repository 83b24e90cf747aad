import { describe, expect, it } from 'vitest';
import { TtlCache } from '../../../src/platform/caching/ttl-cache.js';

/** A load the test finishes when it wants, counting how often it was started. */
function gate<V>() {
  let starts = 0;
  const pending: ((value: V) => void)[] = [];
  const fails: ((error: Error) => void)[] = [];
  return {
    load: () => {
      starts += 1;
      return new Promise<V>((resolve, reject) => {
        pending.push(resolve);
        fails.push(reject);
      });
    },
    finish: (value: V) => pending.shift()?.(value),
    fail: (error: Error) => {
      pending.shift();
      fails.shift()?.(error);
    },
    starts: () => starts,
  };
}

const always = () => true;

describe('a short in-process cache', () => {
  const cache = () => new TtlCache<string>({ ttlMs: 5_000, maxEntries: 10, now: () => 0 });

  it('makes one lookup for concurrent misses of a key, and keeps its answer', async () => {
    const kept = cache();
    const lookup = gate<string>();
    const answers = Promise.all([1, 2, 3].map(() => kept.getOrLoad('ada', lookup.load, always)));
    expect(lookup.starts()).toBe(1);
    lookup.finish('Ada');
    expect(await answers).toEqual(['Ada', 'Ada', 'Ada']);
    expect(await kept.getOrLoad('ada', lookup.load, always)).toBe('Ada');
    expect(lookup.starts()).toBe(1);
  });

  it('does not hand a lookup begun before a drop to a call made after it, nor keep its answer', async () => {
    const kept = cache();
    const lookup = gate<string>();
    const before = kept.getOrLoad('ada', lookup.load, always);
    kept.forget('ada');
    const after = kept.getOrLoad('ada', lookup.load, always);
    expect(lookup.starts()).toBe(2);
    lookup.finish('old name');
    expect(await before).toBe('old name');
    expect(kept.get('ada')).toBeUndefined();
    lookup.finish('new name');
    expect(await after).toBe('new name');
    expect(kept.get('ada')).toBe('new name');
  });

  it('fails every call waiting on a failed lookup, and the next call looks up again', async () => {
    const kept = cache();
    const lookup = gate<string>();
    const waiting = [kept.getOrLoad('ada', lookup.load, always), kept.getOrLoad('ada', lookup.load, always)];
    lookup.fail(new Error('connection lost'));
    for (const call of waiting) await expect(call).rejects.toThrow('connection lost');
    const again = kept.getOrLoad('ada', lookup.load, always);
    lookup.finish('Ada');
    expect(await again).toBe('Ada');
    expect(lookup.starts()).toBe(2);
  });

  it('keeps only what `keep` accepts, and nothing while it is not trusted', async () => {
    const kept = cache();
    expect(await kept.getOrLoad('big', () => Promise.resolve('x'.repeat(10)), always, (value) => value.length < 5)).toBe('x'.repeat(10));
    expect(kept.get('big')).toBeUndefined();
    await kept.getOrLoad('ada', () => Promise.resolve('Ada'), () => false);
    expect(kept.get('ada')).toBeUndefined();
  });
});
