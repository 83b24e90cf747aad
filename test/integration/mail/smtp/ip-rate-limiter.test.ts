import { describe, expect, it } from 'vitest';
import { ConnectionCounter } from '../../../../src/modules/mail/infra/smtp/ip-rate-limiter.js';
import { SlidingWindowLimiter } from '../../../../src/platform/rate-limit/sliding-window-limiter.js';

describe('the per-IP sliding window limiter', () => {
  function limiterAt(limit: number, windowMs: number) {
    const clock = { now: 1_000_000 };
    return { clock, limiter: new SlidingWindowLimiter(limit, windowMs, () => clock.now) };
  }

  it('allows the limit within a window, refuses the next, and allows again once the oldest leaves the window', () => {
    const { clock, limiter } = limiterAt(3, 60_000);
    expect([limiter.tryAcquire('1.2.3.4'), limiter.tryAcquire('1.2.3.4')]).toEqual([true, true]);
    clock.now += 30_000;
    expect(limiter.tryAcquire('1.2.3.4')).toBe(true);
    expect(limiter.tryAcquire('1.2.3.4')).toBe(false);
    clock.now += 30_000; // the first two are now exactly a window old
    expect(limiter.tryAcquire('1.2.3.4')).toBe(true);
    expect(limiter.tryAcquire('1.2.3.4')).toBe(true);
    expect(limiter.tryAcquire('1.2.3.4')).toBe(false);
  });

  it('does not count refused attempts, so waiting is enough to get through', () => {
    const { clock, limiter } = limiterAt(1, 60_000);
    expect(limiter.tryAcquire('ip')).toBe(true);
    for (let n = 0; n < 10; n += 1) {
      clock.now += 5_000;
      expect(limiter.tryAcquire('ip')).toBe(false);
    }
    clock.now += 10_000;
    expect(limiter.tryAcquire('ip')).toBe(true);
  });

  it('keeps each IP on its own budget and forgets idle ones', () => {
    const { clock, limiter } = limiterAt(1, 60_000);
    expect(limiter.tryAcquire('a')).toBe(true);
    expect(limiter.tryAcquire('b')).toBe(true);
    expect(limiter.tryAcquire('a')).toBe(false);
    expect(limiter.size).toBe(2);
    clock.now += 61_000;
    expect(limiter.tryAcquire('c')).toBe(true);
    expect(limiter.size).toBe(1);
  });
});

describe('the per-IP connection counter', () => {
  it('admits up to the limit per IP and admits again after a release', () => {
    const counter = new ConnectionCounter(2);
    expect([counter.tryAcquire('a'), counter.tryAcquire('a'), counter.tryAcquire('a')]).toEqual([true, true, false]);
    expect(counter.tryAcquire('b')).toBe(true);
    counter.release('a');
    expect(counter.count('a')).toBe(1);
    expect(counter.tryAcquire('a')).toBe(true);
    counter.release('b');
    expect(counter.count('b')).toBe(0);
  });
});
