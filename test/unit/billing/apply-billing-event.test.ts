import { beforeEach, describe, expect, it } from 'vitest';
import { ApplyBillingEvent } from '../../../src/modules/billing/application/apply-billing-event.use-case.js';
import type { BillingEvent } from '../../../src/modules/billing/application/billing-event.js';
import { GetSubscriptionStatus } from '../../../src/modules/billing/application/get-subscription-status.use-case.js';
import { AppError } from '../../../src/shared/app-error.js';
import { aSnapshot, billingWorld } from './support/in-memory-billing.js';

const USER = 'user-1';
const DAY = 24 * 3600 * 1000;

describe('applying provider events', () => {
  let world: ReturnType<typeof billingWorld>;
  let apply: ApplyBillingEvent;
  const status = () => world.resolve(GetSubscriptionStatus).execute(USER);

  const checkoutCompleted = (overrides: Partial<Extract<BillingEvent, { kind: 'checkout-completed' }>> = {}): BillingEvent => ({
    kind: 'checkout-completed',
    eventId: `evt_${Math.random()}`,
    sessionId: 'cs_1',
    mode: 'subscription',
    customerId: 'cus_user-1',
    subscriptionId: 'sub_1',
    setupRef: null,
    paid: true,
    amountTotalCents: 900,
    ...overrides,
  });
  const periodPaid = (start: string, overrides: Partial<Extract<BillingEvent, { kind: 'period-paid' }>> = {}): BillingEvent => ({
    kind: 'period-paid',
    eventId: `evt_${Math.random()}`,
    invoiceId: `in_${start}`,
    customerId: 'cus_user-1',
    subscriptionId: 'sub_1',
    periodStart: new Date(start),
    periodEnd: new Date(new Date(start).getTime() + 30 * DAY),
    priceId: 'price_basic',
    planTokens: null,
    amountPaidCents: 900,
    ...overrides,
  });

  beforeEach(async () => {
    world = billingWorld();
    apply = world.resolve(ApplyBillingEvent);
    await world.customers.add({ userId: USER, provider: 'stripe', customerId: 'cus_user-1', email: 'ada@example.com', defaultPaymentMethod: null });
    world.gateway.subscriptions.set('sub_1', aSnapshot());
  });

  it('links the subscription on checkout completion and fills the bucket on the paid invoice', async () => {
    expect(await apply.execute(checkoutCompleted())).toBe('applied');
    expect(await status()).toMatchObject({ isActive: true, planType: 'monthlyBasic', subscriptionTokens: 0 });
    await apply.execute(periodPaid('2026-11-10T09:00:00Z'));
    expect(await status()).toMatchObject({ isActive: true, subscriptionTokens: 500, maxSubscriptionTokens: 500 });
  });

  it('ends the same when the invoice comes first', async () => {
    await apply.execute(periodPaid('2026-11-10T09:00:00Z'));
    await apply.execute(checkoutCompleted());
    expect(await status()).toMatchObject({ isActive: true, subscriptionTokens: 500 });
  });

  it('applies an event id once', async () => {
    const event = periodPaid('2026-11-10T09:00:00Z');
    expect(await apply.execute(event)).toBe('applied');
    expect(await apply.execute(event)).toBe('duplicate');
    expect(world.gateway.calls.filter((call) => call.method === 'retrieveSubscription')).toHaveLength(1);
  });

  it('keeps a newer period when an older invoice arrives late', async () => {
    world.gateway.subscriptions.set('sub_1', aSnapshot({ currentPeriodStart: new Date('2026-12-10T09:00:00Z'), currentPeriodEnd: new Date('2027-01-10T09:00:00Z') }));
    await apply.execute(periodPaid('2026-12-10T09:00:00Z'));
    await world.ledger.withLockedBalance(USER, (locked) => locked.append({ sourceKey: 'use', kind: 'reserve', subscriptionDelta: -100, additionalDelta: 0, tokens: 100, description: 'x', payedUsdCents: 0, relatedKey: null }));
    await apply.execute(periodPaid('2026-11-10T09:00:00Z'));
    expect(await status()).toMatchObject({ subscriptionTokens: 400, currentPeriodEnd: new Date('2027-01-10T09:00:00Z') });
  });

  it('takes the plan tokens from the event, else the subscription\'s price, else the price list', async () => {
    await apply.execute(periodPaid('2026-11-10T09:00:00Z', { planTokens: 777 }));
    expect((await status()).subscriptionTokens).toBe(777);
    await apply.execute(periodPaid('2026-12-10T09:00:00Z', { priceId: 'price_pro' }));
    expect((await status()).subscriptionTokens).toBe(2000);
    await expect(apply.execute(periodPaid('2027-01-10T09:00:00Z', { priceId: 'price_unknown' }))).rejects.toThrow(/metadata.tokens/);
  });

  it('ignores events about customers it does not know, and remembers them', async () => {
    const event = checkoutCompleted({ customerId: 'cus_elsewhere' });
    expect(await apply.execute(event)).toBe('ignored');
    expect(world.events.ids.has(event.eventId)).toBe(true);
    expect(await apply.execute({ kind: 'ignored', eventId: 'evt_x', type: 'charge.refunded' })).toBe('ignored');
  });

  it('leaves an event unmarked when the provider is down, so its redelivery applies it', async () => {
    const event = periodPaid('2026-11-10T09:00:00Z');
    world.gateway.failNext();
    await expect(apply.execute(event)).rejects.toSatisfy((error) => error instanceof AppError && error.code === 'BILLING.PROVIDER_UNAVAILABLE');
    expect(world.events.ids.has(event.eventId)).toBe(false);
    expect(await apply.execute(event)).toBe('applied');
  });

  it('credits a paid token checkout from the app\'s own record, once', async () => {
    await world.checkouts.add({
      id: 'cs_tokens',
      userId: USER,
      provider: 'stripe',
      mode: 'payment',
      priceType: 'singleToken',
      quantity: 300,
      tokens: 300,
      unitAmountCents: 2,
      totalCents: 600,
      url: 'https://pay.test/cs_tokens',
      successUrl: '',
      cancelUrl: '',
      status: 'open',
      idempotencyKey: null,
      expiresAt: new Date('2100-01-01'),
      createdAt: new Date(),
      completedAt: null,
    });
    expect(await apply.execute(checkoutCompleted({ sessionId: 'cs_tokens', mode: 'payment', paid: false }))).toBe('ignored');
    await apply.execute(checkoutCompleted({ sessionId: 'cs_tokens', mode: 'payment' }));
    await apply.execute(checkoutCompleted({ sessionId: 'cs_tokens', mode: 'payment' }));
    await apply.execute(checkoutCompleted({ sessionId: 'cs_not_ours', mode: 'payment' }));
    expect((await status()).additionalTokens).toBe(300);
    expect(world.ledger.entries.find((entry) => entry.sourceKey === 'cs_tokens')).toMatchObject({ kind: 'purchase_grant', payedUsdCents: 900 });
    expect((await world.checkouts.find('cs_tokens'))?.status).toBe('completed');
  });

  it('makes a card from a setup checkout the default, for the customer and the subscription', async () => {
    await apply.execute(checkoutCompleted());
    await apply.execute(checkoutCompleted({ sessionId: 'cs_setup', mode: 'setup', subscriptionId: null, setupRef: 'seti_1' }));
    expect(world.gateway.calls.find((call) => call.method === 'useCardFromSetup')?.args).toMatchObject({ customerId: 'cus_user-1', setupRef: 'seti_1', subscriptionId: 'sub_1' });
    expect((await world.customers.find(USER, 'stripe'))?.defaultPaymentMethod).toBe('pm_seti_1');
  });

  it('follows the provider on subscription changes: past due is not active', async () => {
    await apply.execute(checkoutCompleted());
    world.gateway.subscriptions.set('sub_1', aSnapshot({ status: 'past_due' }));
    await apply.execute({ kind: 'subscription-changed', eventId: 'evt_failed', customerId: 'cus_user-1', subscriptionId: 'sub_1' });
    expect(await status()).toMatchObject({ isActive: false, subscriptionStatus: 'past_due' });
  });

  it('never lets a late event about an old subscription replace a newer one', async () => {
    world.gateway.subscriptions.set('sub_new', aSnapshot({ subscriptionId: 'sub_new', createdAt: new Date('2027-02-01T00:00:00Z') }));
    await apply.execute(checkoutCompleted({ subscriptionId: 'sub_new' }));
    world.gateway.subscriptions.set('sub_1', aSnapshot({ status: 'canceled' }));
    await apply.execute({ kind: 'subscription-changed', eventId: 'evt_old', customerId: 'cus_user-1', subscriptionId: 'sub_1' });
    expect((await world.subscriptions.find(USER))?.subscriptionId).toBe('sub_new');
    expect((await status()).isActive).toBe(true);
  });
});
