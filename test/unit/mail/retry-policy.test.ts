import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, retryDelaySeconds } from '../../../src/modules/mail/domain/retry-policy.js';

describe('the pipeline retry policy', () => {
  it('allows six attempts of a mail in all', () => {
    expect(MAX_ATTEMPTS).toBe(6);
  });

  it('doubles the wait after each failed attempt, from 15 s', () => {
    const longest = [1, 2, 3, 4, 5].map((attempt) => retryDelaySeconds(attempt, 1));

    expect(longest).toEqual([15, 30, 60, 120, 240]);
  });

  it('spreads the wait between half and all of the step, so mails failing together do not retry together', () => {
    expect(retryDelaySeconds(3, 0)).toBe(30);
    expect(retryDelaySeconds(3, 0.5)).toBe(45);
    expect(retryDelaySeconds(3, 1)).toBe(60);
  });

  it('never waits more than 30 minutes, whatever the attempt or the random draw', () => {
    expect(retryDelaySeconds(40, 1)).toBe(30 * 60);
    expect(retryDelaySeconds(40, 7)).toBe(30 * 60);
    expect(retryDelaySeconds(0, -1)).toBeGreaterThan(0);
  });
});
