import { beforeEach, describe, expect, it } from 'vitest';
import { ApplyBillingEvent } from '../../../src/modules/billing/application/apply-billing-event.use-case.js';
import type { BillingEvent } from '../../../src/modules/billing/application/billing-event.js';
import { ChangePlan } from '../../../src/modules/billing/application/change-plan.use-case.js';
import { GetSubscriptionStatus } from '../../../src/modules/billing/application/get-subscription-status.use-case.js';
import { StartPaidPeriod } from '../../../src/modules/billing/application/outcomes/start-paid-period.use-case.js';
import { PreviewPlanChange } from '../../../src/modules/billing/application/preview-plan-change.use-case.js';
import { StartSubscriptionCheckout } from '../../../src/modules/billing/application/start-subscription-checkout.use-case.js';
import { planChangeDirection, proratedUpgradeCents, prorationMoment } from '../../../src/modules/billing/domain/plan-change.js';
import { AppError } from '../../../src/shared/app-error.js';
import { aSnapshot, billingWorld } from './support/in-memory-billing.js';

const USER = 'user-1';
const START = new Date('2026-11-10T09:00:00.000Z');
const END = new Date('2026-12-10T09:00:00.000Z');
const code = (error: unknown) => (error instanceof AppError ? error.code : String(error));

describe('plan change rules (domain)', () => {
  it('calls the dearer plan an upgrade', () => {
    expect(planChangeDirection({ unitAmountCents: 900, tokens: 500 }, { unitAmountCents: 2900, tokens: 2000 })).toBe('upgrade');
    expect(planChangeDirection({ unitAmountCents: 2900, tokens: 2000 }, { unitAmountCents: 900, tokens: 500 })).toBe('downgrade');
  });

  it('prorates an upgrade over the rest of the period, as Stripe does', () => {
    const half = new Date((START.getTime() + END.getTime()) / 2);
    expect(proratedUpgradeCents(900, 2900, { start: START, end: END }, half)).toBe(1000);
    expect(proratedUpgradeCents(900, 2900, { start: START, end: END }, START)).toBe(2000);
    expect(proratedUpgradeCents(900, 2900, { start: START, end: END }, END)).toBe(0);
  });

  it('keeps a quoted proration moment only while it is fresh and inside the period', () => {
    const now = new Date('2026-11-20T10:00:00.500Z');
    const period = { start: START, end: END };
    expect(prorationMoment(new Date('2026-11-20T09:59:00Z'), now, period).toISOString()).toBe('2026-11-20T09:59:00.000Z');
    expect(prorationMoment(new Date('2026-11-20T08:00:00Z'), now, period).toISOString()).toBe('2026-11-20T10:00:00.000Z');
    expect(prorationMoment(new Date('2026-11-21T10:00:00Z'), now, period).toISOString()).toBe('2026-11-20T10:00:00.000Z');
    expect(prorationMoment(null, now, period).toISOString()).toBe('2026-11-20T10:00:00.000Z');
  });
});

describe('changing plan', () => {
  let world: ReturnType<typeof billingWorld>;
  const status = () => world.resolve(GetSubscriptionStatus).execute(USER);
  const preview = (planType: 'monthlyBasic' | 'monthlyPro') => world.resolve(PreviewPlanChange).execute(USER, planType);
  const change = (planType: 'monthlyBasic' | 'monthlyPro') => world.resolve(ChangePlan).execute({ userId: USER, planType });

  async function subscribedTo(planType: 'monthlyBasic' | 'monthlyPro', overrides = {}) {
    const snapshot = aSnapshot(planType === 'monthlyPro' ? { planType, planTokens: 2000, planPriceId: 'price_pro', monthlyPriceCents: 2900, ...overrides } : overrides);
    world.gateway.subscriptions.set(snapshot.subscriptionId, snapshot);
    await world.subscriptions.record(USER, 'stripe', snapshot);
    await world.resolve(StartPaidPeriod).execute({
      userId: USER,
      subscriptionId: snapshot.subscriptionId,
      sourceKey: 'in_first',
      period: { start: START, end: END },
      planType,
      planTokens: snapshot.planTokens ?? 0,
      payedUsdCents: snapshot.monthlyPriceCents ?? 0,
    });
  }

  const upgradePaid = (invoiceId: string, overrides: Partial<Extract<BillingEvent, { kind: 'plan-change-paid' }>> = {}): BillingEvent => ({
    kind: 'plan-change-paid',
    eventId: `evt_${Math.random()}`,
    invoiceId,
    customerId: 'cus_user-1',
    subscriptionId: 'sub_1',
    lines: [
      { priceId: 'price_basic', amountCents: -450, periodEnd: END },
      { priceId: 'price_pro', amountCents: 1450, periodEnd: END },
    ],
    amountPaidCents: 1000,
    ...overrides,
  });

  beforeEach(async () => {
    world = billingWorld({ now: '2026-11-25T09:00:00.000Z' });
    await world.customers.add({ userId: USER, provider: 'stripe', customerId: 'cus_user-1', email: 'ada@example.com', defaultPaymentMethod: null });
  });

  it('previews an upgrade: the plans, the tokens added now, the prorated charge and the next renewal', async () => {
    await subscribedTo('monthlyBasic');
    expect(await preview('monthlyPro')).toEqual({
      fromPlan: 'monthlyBasic',
      toPlan: 'monthlyPro',
      direction: 'upgrade',
      fromTokens: 500,
      toTokens: 2000,
      tokensAddedNow: 1500,
      amountDueNowCents: 1000,
      tokensFrom: new Date('2026-11-25T09:00:00.000Z'),
      nextRenewalAt: END,
      nextRenewalCents: 2900,
      prorationDate: new Date('2026-11-25T09:00:00.000Z'),
    });
    expect(await status()).toMatchObject({ planType: 'monthlyBasic', subscriptionTokens: 500 });
  });

  it('previews a downgrade: nothing charged, tokens kept until the renewal at the lower price', async () => {
    await subscribedTo('monthlyPro');
    expect(await preview('monthlyBasic')).toMatchObject({ direction: 'downgrade', tokensAddedNow: 0, amountDueNowCents: 0, tokensFrom: END, nextRenewalAt: END, nextRenewalCents: 900 });
  });

  it('refuses the same plan with the 409 of buying it again, a canceling subscription, and no subscription', async () => {
    await expect(preview('monthlyPro')).rejects.toSatisfy((error) => code(error) === 'BILLING.NOT_ACTIVE');
    await subscribedTo('monthlyBasic');
    await expect(change('monthlyBasic')).rejects.toSatisfy((error) => code(error) === 'BILLING.ALREADY_SUBSCRIBED');
    await world.subscriptions.record(USER, 'stripe', aSnapshot({ cancelAtPeriodEnd: true }));
    await expect(change('monthlyPro')).rejects.toThrow(/set to end on December 10, 2026\. Reactivate it first/);
    expect(world.gateway.calls.filter((call) => call.method === 'changePlan')).toHaveLength(0);
  });

  it('refuses with billing switched off', async () => {
    world = billingWorld({ mode: 'off' });
    await expect(preview('monthlyPro')).rejects.toSatisfy((error) => code(error) === 'BILLING.DISABLED');
  });

  it('upgrades at once: the plan is stored and the bucket rises by the difference, once', async () => {
    await subscribedTo('monthlyBasic');
    expect(await change('monthlyPro')).toEqual({ direction: 'upgrade', toPlan: 'monthlyPro', amountChargedCents: 1000, tokensAdded: 1500 });
    expect(await status()).toMatchObject({ planType: 'monthlyPro', monthlyPriceCents: 2900, subscriptionTokens: 2000, maxSubscriptionTokens: 2000 });
    const call = world.gateway.calls.find((candidate) => candidate.method === 'changePlan');
    expect(call?.args).toMatchObject({ direction: 'upgrade', price: 'price_pro' });

    // Stripe's invoice.paid for the same invoice, delivered twice, grants nothing more.
    const invoiceId = `in_${call?.idempotencyKey ?? ''}`;
    const apply = world.resolve(ApplyBillingEvent);
    const event = upgradePaid(invoiceId);
    expect(await apply.execute(event)).toBe('applied');
    expect(await apply.execute(event)).toBe('duplicate');
    expect(await apply.execute(upgradePaid(invoiceId))).toBe('applied');
    expect(await status()).toMatchObject({ subscriptionTokens: 2000 });
  });

  it('grants an upgrade through the paid invoice event when the provider answered before payment', async () => {
    await subscribedTo('monthlyBasic');
    const apply = world.resolve(ApplyBillingEvent);
    world.gateway.subscriptions.set('sub_1', aSnapshot({ planType: 'monthlyPro', planTokens: 2000, planPriceId: 'price_pro', monthlyPriceCents: 2900 }));
    await apply.execute(upgradePaid('in_upgrade'));
    await apply.execute(upgradePaid('in_upgrade'));
    expect(await status()).toMatchObject({ planType: 'monthlyPro', subscriptionTokens: 2000, maxSubscriptionTokens: 2000 });
  });

  it('grants nothing for an upgrade invoice that arrives after the next period began', async () => {
    await subscribedTo('monthlyBasic');
    await world.resolve(StartPaidPeriod).execute({
      userId: USER,
      subscriptionId: 'sub_1',
      sourceKey: 'in_next',
      period: { start: END, end: new Date('2027-01-10T09:00:00.000Z') },
      planType: 'monthlyPro',
      planTokens: 2000,
      payedUsdCents: 2900,
    });
    await world.resolve(ApplyBillingEvent).execute(upgradePaid('in_late'));
    expect(await status()).toMatchObject({ subscriptionTokens: 2000, maxSubscriptionTokens: 2000 });
  });

  it('refreshes the subscription but grants nothing for a plan change invoice that is not an upgrade', async () => {
    await subscribedTo('monthlyPro');
    const lines = [
      { priceId: 'price_pro', amountCents: -1450, periodEnd: END },
      { priceId: 'price_basic', amountCents: 450, periodEnd: END },
    ];
    expect(await world.resolve(ApplyBillingEvent).execute(upgradePaid('in_down', { lines }))).toBe('applied');
    expect(await status()).toMatchObject({ subscriptionTokens: 2000 });
  });

  it('downgrades with no charge: the period keeps its tokens and the renewal brings the smaller plan', async () => {
    await subscribedTo('monthlyPro');
    expect(await change('monthlyBasic')).toEqual({ direction: 'downgrade', toPlan: 'monthlyBasic', amountChargedCents: 0, tokensAdded: 0 });
    expect(await status()).toMatchObject({ planType: 'monthlyBasic', monthlyPriceCents: 900, subscriptionTokens: 2000, maxSubscriptionTokens: 2000 });
    await world.resolve(StartPaidPeriod).execute({
      userId: USER,
      subscriptionId: 'sub_1',
      sourceKey: 'in_renewal',
      period: { start: END, end: new Date('2027-01-10T09:00:00.000Z') },
      planType: 'monthlyBasic',
      planTokens: 500,
      payedUsdCents: 900,
    });
    expect(await status()).toMatchObject({ subscriptionTokens: 500, maxSubscriptionTokens: 500 });
  });

  it('leaves the plan unchanged when the upgrade payment is declined', async () => {
    await subscribedTo('monthlyBasic');
    world.gateway.declineUpgrade = true;
    await expect(change('monthlyPro')).rejects.toSatisfy((error) => code(error) === 'BILLING.PLAN_CHANGE_PAYMENT_FAILED');
    expect(await status()).toMatchObject({ planType: 'monthlyBasic', subscriptionTokens: 500 });
  });

  it('sends one idempotency key for a repeated request and a new one for the next change', async () => {
    await subscribedTo('monthlyBasic');
    await change('monthlyPro');
    await change('monthlyBasic');
    const keys = world.gateway.calls.filter((call) => call.method === 'changePlan').map((call) => call.idempotencyKey);
    expect(new Set(keys).size).toBe(2);
  });

  it('turns a checkout for the other plan into a plan change, and keeps the 409 for the same plan', async () => {
    await subscribedTo('monthlyBasic');
    const who = { userId: USER, email: 'ada@example.com', nonce: 't1' };
    const start = world.resolve(StartSubscriptionCheckout);
    await expect(start.execute({ ...who, planType: 'monthlyBasic' })).rejects.toSatisfy((error) => code(error) === 'BILLING.ALREADY_SUBSCRIBED');
    await expect(start.execute({ ...who, planType: 'monthlyPro' })).rejects.toThrow('You are subscribed to the Basic plan. Change your plan to switch to Professional.');
  });
});
