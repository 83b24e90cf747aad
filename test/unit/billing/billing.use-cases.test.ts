import { describe, expect, it } from 'vitest';
import { ChangeCancellation } from '../../../src/modules/billing/application/change-cancellation.use-case.js';
import { CurrentSubscription } from '../../../src/modules/billing/application/current-subscription.js';
import { GetPrices } from '../../../src/modules/billing/application/get-prices.use-case.js';
import { PaymentMethods } from '../../../src/modules/billing/application/payment-methods.use-case.js';
import { StartSubscriptionCheckout } from '../../../src/modules/billing/application/start-subscription-checkout.use-case.js';
import { StartTokenCheckout } from '../../../src/modules/billing/application/start-token-checkout.use-case.js';
import { SubscriptionAccess } from '../../../src/modules/billing/application/subscription-access.use-case.js';
import { addMonths } from '../../../src/modules/billing/domain/billing-period.js';
import { AppError } from '../../../src/shared/app-error.js';
import { aSnapshot, billingWorld } from './support/in-memory-billing.js';

const USER = 'user-1';
const who = { userId: USER, email: 'ada@example.com', nonce: 't1' };
const code = (error: unknown) => (error instanceof AppError ? error.code : String(error));

async function subscribed(world: ReturnType<typeof billingWorld>, overrides = {}) {
  await world.subscriptions.record(USER, world.gateway.provider, aSnapshot(overrides));
}

describe('checkouts', () => {
  it('opens a subscription checkout with the plan, the web app\'s return URLs and one customer', async () => {
    const world = billingWorld();
    const opened = await world.resolve(StartSubscriptionCheckout).execute({ ...who, planType: 'monthlyPro' });
    const request = world.gateway.calls.find((call) => call.method === 'createCheckout')?.args;
    expect(request).toMatchObject({
      mode: 'subscription',
      customerId: 'cus_user-1',
      quantity: 1,
      price: { priceType: 'monthlyPro' },
      successUrl: 'http://app.test/success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://app.test/cancel?type=subscription',
    });
    expect(await world.checkouts.find(opened.sessionId)).toMatchObject({ mode: 'subscription', tokens: 2000, totalCents: 2900, status: 'open' });
    await world.resolve(StartSubscriptionCheckout).execute({ ...who, planType: 'monthlyBasic', nonce: 't2' });
    expect(world.gateway.calls.filter((call) => call.method === 'createCustomer')).toHaveLength(1);
  });

  it('answers a repeated request with the same checkout, and a new one after it was cancelled', async () => {
    const world = billingWorld();
    const start = world.resolve(StartSubscriptionCheckout);
    const first = await start.execute({ ...who, planType: 'monthlyBasic' });
    expect(await start.execute({ ...who, planType: 'monthlyBasic' })).toEqual(first);
    expect(world.gateway.calls.filter((call) => call.method === 'createCheckout')).toHaveLength(1);
    await world.checkouts.close(first.sessionId, 'cancelled', new Date());
    const second = await start.execute({ ...who, planType: 'monthlyBasic' });
    expect(second.sessionId).not.toBe(first.sessionId);
    const keys = world.gateway.calls.filter((call) => call.method === 'createCheckout').map((call) => call.idempotencyKey);
    expect(new Set(keys).size).toBe(2);
  });

  it('refuses a second subscription while one is active, canceling included', async () => {
    const world = billingWorld();
    await subscribed(world, { cancelAtPeriodEnd: true });
    await expect(world.resolve(StartSubscriptionCheckout).execute({ ...who, planType: 'monthlyPro' })).rejects.toSatisfy((error) => code(error) === 'BILLING.ALREADY_SUBSCRIBED');
  });

  it('sells tokens only with an active subscription, rounding up to whole units', async () => {
    const world = billingWorld();
    const start = world.resolve(StartTokenCheckout);
    await expect(start.execute({ ...who, tokenAmount: 10 })).rejects.toSatisfy((error) => code(error) === 'BILLING.SUBSCRIPTION_REQUIRED');
    await subscribed(world, { status: 'past_due' });
    await expect(start.execute({ ...who, tokenAmount: 10 })).rejects.toSatisfy((error) => code(error) === 'BILLING.SUBSCRIPTION_REQUIRED');
    await subscribed(world);
    const opened = await start.execute({ ...who, tokenAmount: 1234 });
    expect(await world.checkouts.find(opened.sessionId)).toMatchObject({ mode: 'payment', quantity: 1234, tokens: 1234, totalCents: 2468, cancelUrl: 'http://app.test/cancel?type=tokens' });
    await expect(start.execute({ ...who, tokenAmount: 0 })).rejects.toThrow(RangeError);
  });

  it('turns a provider outage into a retry message', async () => {
    const world = billingWorld();
    world.gateway.failNext();
    await expect(world.resolve(GetPrices).list()).rejects.toSatisfy((error) => code(error) === 'BILLING.PROVIDER_UNAVAILABLE');
  });
});

describe('cancel and reactivate', () => {
  it('toggles cancel at period end with a new idempotency key each time the state changed', async () => {
    const world = billingWorld();
    await subscribed(world);
    const change = world.resolve(ChangeCancellation);
    await change.cancel(USER);
    await expect(change.cancel(USER)).rejects.toSatisfy((error) => code(error) === 'BILLING.ALREADY_CANCELING');
    await change.reactivate(USER);
    await expect(change.reactivate(USER)).rejects.toSatisfy((error) => code(error) === 'BILLING.NOT_CANCELING');
    await change.cancel(USER);
    const keys = world.gateway.calls.filter((call) => call.method === 'setCancelAtPeriodEnd').map((call) => call.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(3);
    expect((await world.subscriptions.find(USER))?.cancelAtPeriodEnd).toBe(true);
  });

  it('has nothing to cancel without an active subscription', async () => {
    const world = billingWorld();
    await expect(world.resolve(ChangeCancellation).cancel(USER)).rejects.toSatisfy((error) => code(error) === 'BILLING.NOT_ACTIVE');
    await subscribed(world, { status: 'canceled' });
    await expect(world.resolve(ChangeCancellation).cancel(USER)).rejects.toSatisfy((error) => code(error) === 'BILLING.NOT_ACTIVE');
  });
});

describe('access and renewal', () => {
  it('lets everyone in with billing off', async () => {
    const world = billingWorld({ mode: 'off' });
    expect(await world.resolve(SubscriptionAccess).isActive(USER)).toBe(true);
    await expect(world.resolve(PaymentMethods).setEmail({ ...who, email: 'x@example.com' })).rejects.toSatisfy((error) => code(error) === 'BILLING.DISABLED');
  });

  it('does not count a subscription of another provider (BILLING was switched)', async () => {
    const world = billingWorld({ provider: 'stripe' });
    await world.subscriptions.record(USER, 'local', aSnapshot());
    expect(await world.resolve(SubscriptionAccess).isActive(USER)).toBe(false);
  });

  it('renews a local subscription once, however many readers notice it at the same time', async () => {
    const world = billingWorld({ provider: 'local' });
    const start = new Date('2026-11-10T09:00:00.000Z');
    await subscribed(world, { currentPeriodStart: start, currentPeriodEnd: addMonths(start, 1), createdAt: start });
    world.clock.set('2026-12-11T00:00:00.000Z');
    const current = world.resolve(CurrentSubscription);
    const [a, b] = await Promise.all([current.of(USER), current.of(USER)]);
    expect(a?.currentPeriodEnd?.toISOString()).toBe('2027-01-10T09:00:00.000Z');
    expect(b?.currentPeriodEnd?.toISOString()).toBe('2027-01-10T09:00:00.000Z');
    expect(world.ledger.entries.filter((entry) => entry.kind === 'period_grant')).toHaveLength(1);
    expect(await world.ledger.balanceOf(USER)).toMatchObject({ subscriptionTokens: 500 });
  });

  it('does not renew a Stripe subscription by itself: Stripe bills, its invoice grants', async () => {
    const world = billingWorld({ provider: 'stripe' });
    await subscribed(world);
    world.clock.set('2027-03-01T00:00:00.000Z');
    await world.resolve(CurrentSubscription).of(USER);
    expect(world.ledger.entries).toHaveLength(0);
  });
});
