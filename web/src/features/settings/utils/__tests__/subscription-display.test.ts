import { describe, expect, it } from 'vitest';
import { formatExpiry, subscriptionDisplayOf } from '../subscription-display';

describe('subscription display', () => {
  it.each([
    ['active', false, 'active'],
    ['active', true, 'canceling'],
    ['none', false, 'none'],
    ['canceled', false, 'canceled'],
    ['past_due', false, 'canceled'],
    ['unpaid', false, 'canceled'],
  ] as const)('shows status %s with cancelAtPeriodEnd %s as %s', (subscriptionStatus, cancelAtPeriodEnd, display) => {
    expect(subscriptionDisplayOf({ subscriptionStatus, cancelAtPeriodEnd })).toBe(display);
  });

  it('pads the expiry month to 2 digits before the year', () => {
    expect(formatExpiry(4, 2027)).toBe('04/2027');
    expect(formatExpiry(12, 2030)).toBe('12/2030');
  });
});
