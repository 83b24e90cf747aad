import { describe, expect, it } from 'vitest';
import { anActiveSubscription, installFakeFetch } from '@/test/fake-fetch';
import { getSubscriptionStatus, type SubscriptionStatus } from '../subscription-status';

describe('subscription status answer', () => {
  it('keeps the fields of a full answer', async () => {
    const full: SubscriptionStatus = {
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
    };
    installFakeFetch({ 'GET /api/subscription/status': { status: 200, body: full } });

    expect(await getSubscriptionStatus()).toEqual(full);
  });

  it('fails an answer with malformed fields, naming the call, rather than guessing defaults', async () => {
    installFakeFetch({ 'GET /api/subscription/status': { status: 200, body: { ...anActiveSubscription, isActive: 'yes', planType: 'gold' } } });

    await expect(getSubscriptionStatus()).rejects.toThrow('GET /api/subscription/status answered in an unexpected shape: isActive: expected boolean; planType: invalid_value (must be monthlyBasic or monthlyPro).');
  });

  it('fails an answer that is not an object', async () => {
    installFakeFetch({ 'GET /api/subscription/status': { status: 200, body: null } });

    await expect(getSubscriptionStatus()).rejects.toThrow('GET /api/subscription/status answered in an unexpected shape');
  });
});
