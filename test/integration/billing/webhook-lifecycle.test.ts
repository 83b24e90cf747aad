// One subscriber's whole life at Stripe, told to the real app only by signed webhooks: subscribe, pay
// the first month, buy 300 tokens, renew, set to cancel, reactivate, a declined renewal, the end.
// Delivered once in order it ends in one state; delivered twice, shuffled (three seeds), it must end
// in exactly that state: Stripe neither orders its events nor promises to send each once.
import { beforeEach, describe, expect, it } from 'vitest';
import { BILLING_SETTINGS, type BillingSettings } from '../../../src/modules/billing/index.js';
import { CheckoutOpener } from '../../../src/modules/billing/application/checkout-opener.js';
import { checkoutUrls } from '../../../src/modules/billing/application/checkout-urls.js';
import { GetPrices } from '../../../src/modules/billing/application/get-prices.use-case.js';
import { unitsFor } from '../../../src/modules/billing/domain/price.js';
import { billingClient } from '../../support/billing/billing-client.js';
import type { FakeStripe, Json } from '../../support/fakes/fake-stripe.server.js';
import { signInUser } from '../../support/sign-in.js';
import { databaseKinds } from '../../support/test-database.js';
import { mulberry32, shuffled } from './seeded-shuffle.js';
import type { SubscriptionStatus } from '../../../src/contract/subscription.js';
import { useStripeApp } from '../../support/billing/use-stripe-app.js';

const EMAIL = 'lifecycle@example.com';
const TOKENS_BOUGHT = 300;

// The fake Stripe's clock stands still, so every run makes the same periods and the final states of
// different runs (different databases, users and Stripe ids) compare exactly.
const T0 = Math.floor(Date.now() / 1000) - 60;
const MONTH = 30 * 24 * 60 * 60; // the fake bills 30-day months
const periodEnd = (month: number) => new Date((T0 + month * MONTH) * 1000).toISOString();

type StripeEvent = ReturnType<FakeStripe['event']>;

const STEPS = [
  'subscription checkout completed',
  'first invoice paid',
  'token purchase completed',
  'renewal invoice paid',
  'set to cancel at period end',
  'reactivated',
  'renewal payment failed',
  'subscription deleted',
] as const;
type Step = (typeof STEPS)[number];

/** What the status call says after each event, delivered in order. */
const STATUS_AFTER: Record<Step, Partial<SubscriptionStatus>> = {
  'subscription checkout completed': { isActive: true, subscriptionStatus: 'active', planType: 'monthlyBasic', monthlyPrice: 9, subscriptionTokens: 0, additionalTokens: 0, currentPeriodEnd: periodEnd(1) },
  'first invoice paid': { isActive: true, subscriptionTokens: 500, maxSubscriptionTokens: 500, additionalTokens: 0, currentPeriodEnd: periodEnd(1) },
  'token purchase completed': { isActive: true, subscriptionTokens: 500, additionalTokens: TOKENS_BOUGHT },
  // The bucket is reset to the plan's 500, not topped up to 1000; bought tokens stay.
  'renewal invoice paid': { isActive: true, subscriptionTokens: 500, maxSubscriptionTokens: 500, additionalTokens: TOKENS_BOUGHT, currentPeriodEnd: periodEnd(2) },
  'set to cancel at period end': { isActive: true, subscriptionStatus: 'active', cancelAtPeriodEnd: true },
  reactivated: { isActive: true, subscriptionStatus: 'active', cancelAtPeriodEnd: false },
  'renewal payment failed': { isActive: false, subscriptionStatus: 'past_due', cancelAtPeriodEnd: false, subscriptionTokens: 500, additionalTokens: TOKENS_BOUGHT },
  'subscription deleted': { isActive: false, subscriptionStatus: 'canceled', cancelAtPeriodEnd: false },
};

/** The end of the lifecycle, as the API shows it (dates of ledger rows left out: they are when the app wrote them). */
const FINAL_STATE = {
  status: {
    isActive: false,
    subscriptionStatus: 'canceled',
    cancelAtPeriodEnd: false,
    // The declined renewal had already moved Stripe's period on to the third month.
    currentPeriodEnd: periodEnd(3),
    monthlyPrice: 9,
    paymentEmail: EMAIL,
    subscriptionTokens: 500,
    maxSubscriptionTokens: 500,
    additionalTokens: TOKENS_BOUGHT,
    planType: 'monthlyBasic',
    billingDisabled: false,
  },
  tokenState: { subscriptionTokens: 500, maxSubscriptionTokens: 500, additionalTokens: TOKENS_BOUGHT, unlimited: false, heldMails: 0 },
  added: {
    total: 3,
    rows: [
      { source: 'Basic plan: monthly tokens', tokens: 500, payedUsd: 9 },
      { source: 'Basic plan: monthly tokens', tokens: 500, payedUsd: 9 },
      { source: 'Token purchase', tokens: TOKENS_BOUGHT, payedUsd: 6 },
    ],
  },
  ledgerEntries: 3,
};

describe.each(databaseKinds())('a Stripe subscription lifecycle told by webhooks (%s)', (kind) => {
  let token: string;
  let userId: string;
  let billing: ReturnType<typeof billingClient>;

  const { app, database, stripe, webhooks } = useStripeApp(kind, { now: () => T0 * 1000 });
  // Every test starts on an empty database with a new user (the fake Stripe keeps its old objects; none are this user's).
  beforeEach(async () => {
    ({ token, userId } = await signInUser(app, { email: EMAIL }));
    billing = billingClient(app, token);
  });

  /** The token purchase as the web app opens it: allowed only while the app knows of an active subscription. */
  async function buyTokensThroughApi(): Promise<string> {
    return (await billing.json<{ sessionId: string }>(await billing.buyTokens(TOKENS_BOUGHT))).sessionId;
  }

  /**
   * The same checkout, opened and recorded by the app's CheckoutOpener without the "active subscription"
   * rule: on a database that has seen no event yet the app does not know the user subscribed, yet in the
   * lifecycle being replayed the user had bought the tokens while subscribed.
   */
  async function buyTokensRecordedByApp(): Promise<string> {
    const price = await app.container.resolve(GetPrices).one('singleToken');
    const urls = checkoutUrls(app.container.resolve<BillingSettings>(BILLING_SETTINGS).publicUrl);
    const opened = await app.container.resolve(CheckoutOpener).open({
      userId,
      email: EMAIL,
      mode: 'payment',
      price,
      quantity: unitsFor(TOKENS_BOUGHT, price),
      successUrl: urls.success,
      cancelUrl: urls.cancelTokens,
      nonce: 'lifecycle-token-purchase',
    });
    return opened.sessionId;
  }

  /**
   * Lives the lifecycle at the fake Stripe (the customer's and Stripe's moves) and hands each event to
   * `onEvent` the moment Stripe would send it. Answers the subscription's id.
   */
  async function liveLifecycle(openTokenCheckout: () => Promise<string>, onEvent: (step: Step, event: StripeEvent) => Promise<void>): Promise<string> {
    const { sessionId } = await billing.json<{ sessionId: string }>(await billing.subscribe('monthlyBasic'));
    const paid = stripe.completeCheckout(sessionId);
    const subscription = paid.subscription as Json & { id: string };
    await onEvent('subscription checkout completed', stripe.event('checkout.session.completed', paid.session));
    await onEvent('first invoice paid', stripe.event('invoice.paid', paid.invoice as Json));

    const purchase = stripe.completeCheckout(await openTokenCheckout());
    expect(purchase.session).toMatchObject({ mode: 'payment', amount_total: TOKENS_BOUGHT * 2 });
    await onEvent('token purchase completed', stripe.event('checkout.session.completed', purchase.session));

    const renewal = stripe.renew(subscription.id);
    await onEvent('renewal invoice paid', stripe.event('invoice.paid', renewal.invoice));

    // Changed in Stripe's dashboard (the app's own cancel needs the app to know the subscription).
    subscription.cancel_at_period_end = true;
    await onEvent('set to cancel at period end', stripe.event('customer.subscription.updated', subscription));
    subscription.cancel_at_period_end = false;
    await onEvent('reactivated', stripe.event('customer.subscription.updated', subscription));

    const declined = stripe.failRenewal(subscription.id);
    await onEvent('renewal payment failed', stripe.event('invoice.payment_failed', declined.invoice));
    await onEvent('subscription deleted', stripe.event('customer.subscription.deleted', stripe.endSubscription(subscription.id)));
    return subscription.id;
  }

  async function post(event: StripeEvent): Promise<string> {
    const response = await webhooks.send(event);
    const text = await response.text();
    expect(response.status, `${event.type} ${event.id}: ${text}`).toBe(200);
    return (JSON.parse(text) as { outcome: string }).outcome;
  }

  async function finalState() {
    const status = await billing.status();
    const { tokenState } = await billing.json<{ tokenState: Json }>(await app.fetch('/api/tokens/state', { token }));
    const added = await billing.json<{ data: { source: string; tokens: number; payedUsd: number; date: string }[]; total: number }>(
      await app.fetch('/api/tokens/added/table?pageSize=25&sortBy=tokens&sortOrder=desc', { token }),
    );
    const rows = added.data.map(({ source, tokens, payedUsd }) => ({ source, tokens, payedUsd }));
    rows.sort((a, b) => b.tokens - a.tokens || a.source.localeCompare(b.source));
    const counted = (await database.db('token_ledger').where({ user_id: userId }).count({ n: '*' }).first()) as { n: number | string };
    return { status, tokenState, added: { total: added.total, rows }, ledgerEntries: Number(counted.n) };
  }

  it('follows the lifecycle delivered once in order, ending canceled with the renewed bucket and the bought tokens', async () => {
    const outcomes: string[] = [];
    await liveLifecycle(buyTokensThroughApi, async (step, event) => {
      outcomes.push(await post(event));
      expect(await billing.status(), `after "${step}"`).toMatchObject(STATUS_AFTER[step]);
    });
    expect(outcomes).toEqual(STEPS.map(() => 'applied'));
    expect(await finalState()).toEqual(FINAL_STATE);
  });

  /**
   * Lives the whole lifecycle at Stripe before the app hears of any of it (a fresh database), and keeps
   * the events it would have sent, in order, with each event id's step for failure messages.
   */
  async function recordLifecycle() {
    const events: { step: Step; event: StripeEvent }[] = [];
    const subscriptionId = await liveLifecycle(buyTokensRecordedByApp, async (step, event) => {
      events.push({ step, event });
    });
    // The app reads subscriptions back from Stripe: by now Stripe only knows the lifecycle's end.
    expect(stripe.subscriptions.get(subscriptionId)).toMatchObject({ status: 'canceled', cancel_at_period_end: false });
    return events;
  }

  async function deliverAll(deliveries: { label: string; event: StripeEvent }[]) {
    const outcomes: string[] = [];
    for (const { event } of deliveries) outcomes.push(await post(event));
    const told = `delivered: ${deliveries.map(({ label }, index) => `${label} → ${outcomes[index]}`).join('; ')}`;
    return { outcomes, told };
  }

  it.each([1, 42, 20_260_101])('ends exactly the same when every event arrives twice, shuffled (seed %i)', async (seed) => {
    const random = mulberry32(seed);
    const events = await recordLifecycle();
    // The second copy is either Stripe's retry of the same event (same id) or another event about the
    // same object (a new id): one is caught by the event id, the other by the payment's own key.
    const again = events.map(({ step, event }) =>
      random() < 0.5 ? { label: `${step} (retry)`, event } : { label: `${step} (new id)`, event: stripe.event(event.type, event.data.object) },
    );
    const retries = again.filter(({ event }, index) => event.id === events[index]?.event.id).length;
    const order = shuffled([...events.map(({ step, event }) => ({ label: step, event })), ...again], random);

    const { outcomes, told } = await deliverAll(order);
    expect(outcomes.filter((outcome) => outcome === 'duplicate'), told).toHaveLength(retries);
    expect(await finalState(), told).toEqual(FINAL_STATE);
  });

  // Seeds 2, 3 and 7 shuffle the renewal's invoice.paid ahead of the first month's: this pins that order.
  it("keeps the first month's payment in the ledger when the renewal's invoice.paid arrives before it", async () => {
    const events = await recordLifecycle();
    const renewalFirst = [...events].sort((a, b) => Number(b.step === 'renewal invoice paid') - Number(a.step === 'renewal invoice paid'));
    const { outcomes, told } = await deliverAll(renewalFirst.map(({ step, event }) => ({ label: step, event })));
    expect(outcomes, told).toEqual(STEPS.map(() => 'applied'));
    expect(await finalState(), told).toEqual(FINAL_STATE);
  });
});
