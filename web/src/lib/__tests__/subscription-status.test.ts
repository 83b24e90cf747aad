import { describe, expect, it } from 'vitest';
import { toSubscriptionStatus } from '../subscription-status';

describe('subscription status answer', () => {
  it('keeps the fields of a full answer', () => {
    expect(
      toSubscriptionStatus({
        isActive: true,
        subscriptionStatus: 'active',
        cancelAtPeriodEnd: true,
        currentPeriodEnd: '2026-12-21T10:00:00.000Z',
        monthlyPrice: 19,
        paymentEmail: 'ada@example.com',
        subscriptionTokens: 1,
        maxSubscriptionTokens: 2,
        additionalTokens: 3,
        planType: 'monthlyPro',
        billingDisabled: true,
      }),
    ).toEqual({
      isActive: true,
      subscriptionStatus: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: '2026-12-21T10:00:00.000Z',
      monthlyPrice: 19,
      paymentEmail: 'ada@example.com',
      subscriptionTokens: 1,
      maxSubscriptionTokens: 2,
      additionalTokens: 3,
      planType: 'monthlyPro',
      billingDisabled: true,
    });
  });

  it('gives missing or malformed fields safe defaults: inactive, no subscription, billing on', () => {
    expect(toSubscriptionStatus({ isActive: 'yes', planType: 'gold', monthlyPrice: '9' })).toEqual({
      isActive: false,
      subscriptionStatus: 'none',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
      monthlyPrice: null,
      paymentEmail: null,
      subscriptionTokens: 0,
      maxSubscriptionTokens: 0,
      additionalTokens: 0,
      planType: null,
      billingDisabled: false,
    });
  });

  it('rejects an answer that is not an object', () => {
    expect(() => toSubscriptionStatus(null)).toThrow();
  });
});
