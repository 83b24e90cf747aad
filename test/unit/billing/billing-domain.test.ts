import { describe, expect, it } from 'vitest';
import { idempotencyKey, requestNonce } from '../../../src/modules/billing/application/idempotency-key.js';
import { addMonths, periodContaining } from '../../../src/modules/billing/domain/billing-period.js';
import { cardBrandLabel } from '../../../src/modules/billing/domain/card.js';
import { centsToDollars, dollarsToCents, totalCents, unitsFor } from '../../../src/modules/billing/domain/price.js';
import { describeSubscription, effectiveStatus, isActive, isCanceling, localRenewalDue } from '../../../src/modules/billing/domain/subscription.js';
import { aSnapshot } from './support/in-memory-billing.js';

const at = (iso: string) => new Date(iso);

describe('monthly periods', () => {
  it('adds calendar months in UTC, clamping to the last day of a shorter month', () => {
    expect(addMonths(at('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(at('2028-01-31T10:00:00Z'), 1).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonths(at('2026-11-10T09:00:00Z'), 2).toISOString()).toBe('2027-01-10T09:00:00.000Z');
  });

  it('finds the period containing now from the anchor, without drift', () => {
    const anchor = at('2026-01-31T10:00:00Z');
    expect(periodContaining(anchor, at('2026-03-01T00:00:00Z'))).toEqual({ start: at('2026-02-28T10:00:00Z'), end: at('2026-03-31T10:00:00Z') });
    expect(periodContaining(anchor, at('2026-03-31T10:00:00Z'))).toEqual({ start: at('2026-03-31T10:00:00Z'), end: at('2026-04-30T10:00:00Z') });
    expect(periodContaining(anchor, at('2026-01-01T00:00:00Z')).start).toEqual(anchor);
  });
});

describe('subscription rules', () => {
  const now = at('2026-11-20T00:00:00Z');

  it('is active only when active; past due, canceled and none are not', () => {
    expect(isActive(aSnapshot(), now)).toBe(true);
    for (const status of ['past_due', 'canceled', 'incomplete', 'unpaid', 'trialing'] as const) expect(isActive(aSnapshot({ status }), now)).toBe(false);
    expect(isActive(null, now)).toBe(false);
    expect(effectiveStatus(null, now)).toBe('none');
  });

  it('counts a canceling subscription as active until its period ends, then as canceled', () => {
    const canceling = aSnapshot({ cancelAtPeriodEnd: true });
    expect(isActive(canceling, now)).toBe(true);
    expect(isCanceling(canceling, now)).toBe(true);
    const after = canceling.currentPeriodEnd as Date;
    expect(effectiveStatus(canceling, after)).toBe('canceled');
    expect(describeSubscription(canceling, after)).toMatchObject({ isActive: false, subscriptionStatus: 'canceled', cancelAtPeriodEnd: false });
    expect(describeSubscription(canceling, now)).toMatchObject({ isActive: true, subscriptionStatus: 'active', cancelAtPeriodEnd: true });
  });

  it('renews a local subscription only when active, not canceling, and its period is over', () => {
    const subscription = aSnapshot();
    const end = subscription.currentPeriodEnd as Date;
    expect(localRenewalDue(subscription, now)).toBeNull();
    expect(localRenewalDue({ ...subscription, cancelAtPeriodEnd: true }, end)).toBeNull();
    expect(localRenewalDue({ ...subscription, status: 'past_due' }, end)).toBeNull();
    const local = aSnapshot({ currentPeriodEnd: addMonths(subscription.createdAt, 1) });
    expect(localRenewalDue(local, at('2027-01-15T00:00:00Z'))).toEqual({ start: at('2027-01-10T09:00:00Z'), end: at('2027-02-10T09:00:00Z') });
  });
});

describe('money and tokens', () => {
  it('converts between dollars and cents without float noise, keeping sub-cent prices', () => {
    expect(dollarsToCents(0.07)).toBe(7);
    expect(dollarsToCents(0.0025)).toBe(0.25);
    expect(centsToDollars(2)).toBe(0.02);
    expect(centsToDollars(0.25)).toBe(0.0025);
    expect(totalCents({ unitAmountCents: 0.25 }, 1001)).toBe(250);
  });

  it('rounds a wanted token amount up to whole units', () => {
    expect(unitsFor(1000, { tokens: 1 })).toBe(1000);
    expect(unitsFor(1001, { tokens: 100 })).toBe(11);
  });

  it('names card brands for people', () => {
    expect(cardBrandLabel('visa')).toBe('Visa');
    expect(cardBrandLabel('amex')).toBe('American Express');
    expect(cardBrandLabel('link_card')).toBe('Link_card');
  });
});

describe('idempotency keys', () => {
  const base = { intent: 'checkout-payment', userId: 'user-1', params: { quantity: 10 }, nonce: 't1' };

  it('repeats for the same request and differs by intent, user, parameters and nonce', () => {
    expect(idempotencyKey(base)).toBe(idempotencyKey({ ...base }));
    expect(idempotencyKey(base)).toMatch(/^ms_checkout-payment_user-1_[A-Za-z0-9_-]{16}_t1$/);
    for (const change of [{ intent: 'cancel' }, { userId: 'user-2' }, { params: { quantity: 11 } }, { nonce: 't2' }]) {
      expect(idempotencyKey({ ...base, ...change })).not.toBe(idempotencyKey(base));
    }
  });

  it('uses the client key when it is sane, else the current minute', () => {
    const now = at('2026-11-10T09:00:30Z');
    expect(requestNonce('abcd-1234-efgh', now)).toBe('cabcd-1234-efgh');
    expect(requestNonce('bad key with spaces', now)).toBe(requestNonce(null, at('2026-11-10T09:00:59Z')));
    expect(requestNonce(null, now)).not.toBe(requestNonce(null, at('2026-11-10T09:01:00Z')));
  });
});
