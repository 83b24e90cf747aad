import { beforeEach, describe, expect, it } from 'vitest';
import { SubscriptionAccess } from '../../src/modules/billing/index.js';
import { ReserveTokens } from '../../src/modules/token-ledger/index.js';
import { billingClient } from '../support/billing/billing-client.js';
import type { Json } from '../support/fakes/fake-stripe.server.js';
import { signInUser } from '../support/sign-in.js';
import { databaseKinds } from '../support/test-database.js';
import type { ErrorResponse } from '../../src/contract/common.js';
import { useStripeApp } from '../support/billing/use-stripe-app.js';

const PUBLIC_URL = 'http://127.0.0.1:3999';

describe.each(databaseKinds())('billing with Stripe (%s)', (kind) => {
  let token: string;
  let userId: string;
  let billing: ReturnType<typeof billingClient>;

  const { app, database, stripe, webhooks } = useStripeApp(kind);
  beforeEach(async () => {
    ({ token, userId } = await signInUser(app, { email: 'buyer@example.com' }));
    billing = billingClient(app, token);
  });

  async function checkout(response: Response): Promise<Json> {
    const { url, sessionId } = await billing.json<{ url: string; sessionId: string }>(response);
    const session = stripe.sessions.get(sessionId);
    expect(session?.url).toBe(url);
    return session as Json;
  }

  /** Subscribes and pays at Stripe; the webhooks are left to the test. */
  async function paidSubscription(priceType = 'monthlyBasic') {
    const session = await checkout(await billing.subscribe(priceType));
    return stripe.completeCheckout(String(session.id));
  }

  async function activeSubscription() {
    const paid = await paidSubscription();
    await webhooks.deliver('checkout.session.completed', paid.session);
    await webhooks.deliver('invoice.paid', paid.invoice as Json);
    return paid;
  }

  it('lists Stripe prices found by lookup key, without sign-in', async () => {
    expect(await (await app.fetch('/api/stripe/prices')).json()).toEqual([
      { priceType: 'monthlyBasic', price: 9, tokens: 500 },
      { priceType: 'monthlyPro', price: 29, tokens: 2000 },
      { priceType: 'singleToken', price: 0.02, tokens: 1 },
    ]);
    expect(await (await app.fetch('/api/stripe/price/singleToken')).json()).toEqual({ priceType: 'singleToken', price: 0.02, tokens: 1 });
  });

  it('opens a subscription checkout for the plan price, for the user\'s own Stripe customer', async () => {
    const session = await checkout(await billing.subscribe('monthlyPro'));
    expect(session).toMatchObject({
      mode: 'subscription',
      success_url: `${PUBLIC_URL}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${PUBLIC_URL}/cancel?type=subscription`,
      client_reference_id: userId,
    });
    const customer = stripe.customers.get(String(session.customer));
    expect(customer).toMatchObject({ email: 'buyer@example.com', metadata: { userId } });
    const create = stripe.requests.find((request) => request.path === '/v1/checkout/sessions');
    expect(create?.body.line_items).toEqual([{ price: [...stripe.prices.values()].find((price) => price.lookup_key === 'monthlyPro')?.id, quantity: '1' }]);
    // Every write carried an idempotency key of ours.
    for (const request of stripe.requests.filter((candidate) => candidate.method === 'POST')) expect(request.idempotencyKey).toMatch(/^ms_/);
    // Nothing changes before Stripe says the customer paid.
    expect((await billing.status()).isActive).toBe(false);
  });

  it('activates on checkout.session.completed and fills the bucket on invoice.paid', async () => {
    const paid = await paidSubscription();
    await webhooks.deliver('checkout.session.completed', paid.session);
    expect(await billing.status()).toMatchObject({ isActive: true, subscriptionStatus: 'active', planType: 'monthlyBasic', monthlyPrice: 9, subscriptionTokens: 0 });
    await webhooks.deliver('invoice.paid', paid.invoice as Json);
    const item = (paid.subscription?.items as { data: { current_period_end: number }[] }).data[0];
    expect(await billing.status()).toMatchObject({
      isActive: true,
      subscriptionTokens: 500,
      maxSubscriptionTokens: 500,
      currentPeriodEnd: new Date((item?.current_period_end ?? 0) * 1000).toISOString(),
      paymentEmail: 'buyer@example.com',
    });
    expect(await app.container.resolve(SubscriptionAccess).isActive(userId)).toBe(true);
  });

  it('ends the same when invoice.paid arrives before checkout.session.completed', async () => {
    const paid = await paidSubscription();
    await webhooks.deliver('invoice.paid', paid.invoice as Json);
    expect(await billing.status()).toMatchObject({ isActive: true, subscriptionTokens: 500 });
    await webhooks.deliver('checkout.session.completed', paid.session);
    expect(await billing.status()).toMatchObject({ isActive: true, subscriptionTokens: 500, maxSubscriptionTokens: 500, planType: 'monthlyBasic' });
  });

  it('applies an event delivered twice once', async () => {
    const paid = await paidSubscription();
    await webhooks.deliver('checkout.session.completed', paid.session);
    const first = await webhooks.deliver('invoice.paid', paid.invoice as Json);
    expect(first.body.outcome).toBe('applied');
    await app.container.resolve(ReserveTokens).execute({ userId, reservationId: 'mail-1', tokens: 50, description: 'Summary' });
    const again = await webhooks.deliver('invoice.paid', paid.invoice as Json, first.id);
    expect(again.body.outcome).toBe('duplicate');
    // Even as a new event about the same invoice, the payment grants once.
    await webhooks.deliver('invoice.paid', paid.invoice as Json);
    expect((await billing.status()).subscriptionTokens).toBe(450);
  });

  it('refuses a bad signature with 400 and applies nothing', async () => {
    const paid = await paidSubscription();
    const event = stripe.event('checkout.session.completed', paid.session);
    const forged = await webhooks.send(event, { secret: 'whsec_someone_else' });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as ErrorResponse).error.code).toBe('BILLING.WEBHOOK_SIGNATURE');
    expect((await webhooks.send(event, { signature: 't=1,v1=deadbeef' })).status).toBe(400);
    const unsigned = await app.fetch('/webhooks/stripe', { method: 'POST', json: event });
    expect(unsigned.status).toBe(400);
    expect((await billing.status()).isActive).toBe(false);
  });

  it('ignores a stale invoice.paid for an older period', async () => {
    const paid = await paidSubscription();
    const renewal = stripe.renew(String(paid.subscription?.id));
    await webhooks.deliver('invoice.paid', renewal.invoice);
    await app.container.resolve(ReserveTokens).execute({ userId, reservationId: 'mail-1', tokens: 100, description: 'Summary' });
    const periodEnd = (await billing.status()).currentPeriodEnd;
    await webhooks.deliver('invoice.paid', paid.invoice as Json);
    await webhooks.deliver('checkout.session.completed', paid.session);
    expect(await billing.status()).toMatchObject({ subscriptionTokens: 400, currentPeriodEnd: periodEnd });
  });

  it('renews on a paid subscription_cycle invoice: the bucket is reset, unused tokens do not roll over', async () => {
    const paid = await activeSubscription();
    await app.container.resolve(ReserveTokens).execute({ userId, reservationId: 'mail-1', tokens: 300, description: 'Summary' });
    const renewal = stripe.renew(String(paid.subscription?.id));
    await webhooks.deliver('invoice.paid', renewal.invoice);
    const end = (renewal.subscription.items as { data: { current_period_end: number }[] }).data[0]?.current_period_end ?? 0;
    expect(await billing.status()).toMatchObject({ subscriptionTokens: 500, currentPeriodEnd: new Date(end * 1000).toISOString() });
  });

  it('turns inactive when a renewal payment fails (past due)', async () => {
    const paid = await activeSubscription();
    const failed = stripe.failRenewal(String(paid.subscription?.id));
    await webhooks.deliver('invoice.payment_failed', failed.invoice);
    expect(await billing.status()).toMatchObject({ isActive: false, subscriptionStatus: 'past_due', cancelAtPeriodEnd: false });
    expect(await app.container.resolve(SubscriptionAccess).isActive(userId)).toBe(false);
  });

  it('follows customer.subscription.updated and .deleted', async () => {
    const paid = await activeSubscription();
    const subscription = stripe.subscriptions.get(String(paid.subscription?.id)) as Json;
    subscription.cancel_at_period_end = true; // e.g. changed in Stripe's dashboard
    await webhooks.deliver('customer.subscription.updated', subscription);
    expect(await billing.status()).toMatchObject({ isActive: true, cancelAtPeriodEnd: true });
    await webhooks.deliver('customer.subscription.deleted', stripe.endSubscription(String(subscription.id)));
    expect(await billing.status()).toMatchObject({ isActive: false, subscriptionStatus: 'canceled', cancelAtPeriodEnd: false });
    // A new plan can be bought once the old one is gone.
    expect((await billing.subscribe('monthlyPro')).status).toBe(200);
  });

  it('cancels and reactivates at Stripe, answering the new status at once', async () => {
    const paid = await activeSubscription();
    const subscriptionId = String(paid.subscription?.id);
    expect(await billing.json(await billing.cancel())).toMatchObject({ isActive: true, cancelAtPeriodEnd: true });
    expect(stripe.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(true);
    expect((await billing.cancel()).status).toBe(409);
    expect(await billing.json(await billing.reactivate())).toMatchObject({ isActive: true, cancelAtPeriodEnd: false });
    expect(stripe.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(false);
    expect((await billing.reactivate()).status).toBe(409);
    // cancel → reactivate → cancel are three calls to Stripe, not a replay of the first.
    expect(await billing.json(await billing.cancel())).toMatchObject({ cancelAtPeriodEnd: true });
    expect(stripe.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(true);
    const updates = stripe.requests.filter((request) => request.method === 'POST' && request.path === `/v1/subscriptions/${subscriptionId}`);
    expect(updates.map((request) => request.replayed)).toEqual([false, false, false]);
  });

  it('ends the subscription at Stripe now when the account is deleted, even one already set to end at the period end', async () => {
    const paid = await activeSubscription();
    const subscriptionId = String(paid.subscription?.id);
    expect(await billing.json(await billing.cancel())).toMatchObject({ cancelAtPeriodEnd: true });
    const response = await app.fetch('/api/account/delete', { method: 'POST', token, json: { email: 'buyer@example.com' } });
    expect(response.status).toBe(204);
    expect(stripe.subscriptions.get(subscriptionId)).toMatchObject({ status: 'canceled', cancel_at_period_end: false });
    expect(stripe.count('DELETE', `/v1/subscriptions/${subscriptionId}`)).toBe(1);
    expect(await database.db('users').where({ id: userId }).first('id')).toBeUndefined();
  });

  it('sells tokens during a subscription: the paid checkout adds its quantity once', async () => {
    expect((await billing.buyTokens(750)).status).toBe(403);
    await activeSubscription();
    const session = await checkout(await billing.buyTokens(750));
    expect(session).toMatchObject({ mode: 'payment', amount_total: 1500, cancel_url: `${PUBLIC_URL}/cancel?type=tokens` });
    const paid = stripe.completeCheckout(String(session.id));
    expect((await billing.status()).additionalTokens).toBe(0);
    await webhooks.deliver('checkout.session.completed', paid.session);
    await webhooks.deliver('checkout.session.completed', paid.session);
    expect(await billing.status()).toMatchObject({ subscriptionTokens: 500, additionalTokens: 750 });
  });

  it('waits for an asynchronous payment to settle before adding tokens', async () => {
    await activeSubscription();
    const session = await checkout(await billing.buyTokens(100));
    const paid = stripe.completeCheckout(String(session.id));
    await webhooks.deliver('checkout.session.completed', { ...paid.session, payment_status: 'unpaid' });
    expect((await billing.status()).additionalTokens).toBe(0);
    await webhooks.deliver('checkout.session.async_payment_succeeded', paid.session);
    expect((await billing.status()).additionalTokens).toBe(100);
  });

  it('changes the card in setup mode and makes it the default for the customer and the subscription', async () => {
    const paid = await activeSubscription();
    const customerId = String(paid.session.customer);
    stripe.addCard(customerId, '5555', 'mastercard');
    const session = await checkout(await billing.setupCard());
    expect(session).toMatchObject({ mode: 'setup', success_url: `${PUBLIC_URL}/settings?cardChange=success`, cancel_url: `${PUBLIC_URL}/settings?cardChange=cancelled` });
    const setup = stripe.completeCheckout(String(session.id));
    const card = setup.card;
    (card.card as Json).last4 = '1881';
    await webhooks.deliver('checkout.session.completed', setup.session);
    expect(stripe.customers.get(customerId)?.invoice_settings).toEqual({ default_payment_method: card.id });
    expect(stripe.subscriptions.get(String(paid.subscription?.id))?.default_payment_method).toBe(card.id);
    const methods = await billing.paymentMethods();
    expect(methods[0]).toEqual({ brand: 'Visa', last4: '1881', expiryMonth: 12, expiryYear: 2031 });
    expect(methods).toHaveLength(3);
  });

  it('sets the billing email on the Stripe customer', async () => {
    await activeSubscription();
    expect(await billing.json(await billing.setEmail('accounts@example.com'))).toEqual({ ok: true });
    const customerId = [...stripe.customers.values()].find((customer) => (customer.metadata as Json).userId === userId)?.id;
    expect(stripe.customers.get(String(customerId))?.email).toBe('accounts@example.com');
    expect((await billing.status()).paymentEmail).toBe('accounts@example.com');
  });

  it('answers 2xx to events it does not act on', async () => {
    expect((await webhooks.deliver('charge.refunded', { id: 'ch_1', object: 'charge' })).body).toEqual({ received: true, outcome: 'ignored' });
    expect((await webhooks.deliver('customer.subscription.updated', { id: 'sub_unknown', object: 'subscription', customer: 'cus_not_ours' })).body.outcome).toBe('ignored');
  });

  it('answers 503 with a retry message when Stripe is down', async () => {
    stripe.failNext('POST', '/v1/checkout/sessions', 503);
    const response = await billing.subscribe('monthlyBasic');
    expect(response.status).toBe(503);
    expect(((await response.json()) as ErrorResponse).error).toEqual({
      code: 'BILLING.PROVIDER_UNAVAILABLE',
      message: 'The payment provider is not answering right now. Please try again in a moment.',
    });
    expect((await billing.subscribe('monthlyBasic')).status).toBe(200);
  });

  it('answers 5xx to a webhook it could not apply, so Stripe delivers it again', async () => {
    const paid = await paidSubscription();
    stripe.failNext('GET', '/v1/subscriptions/', 503);
    const event = stripe.event('invoice.paid', paid.invoice as Json);
    expect((await webhooks.send(event)).status).toBe(503);
    expect((await billing.status()).isActive).toBe(false);
    expect((await webhooks.send(event)).status).toBe(200);
    expect(await billing.status()).toMatchObject({ isActive: true, subscriptionTokens: 500 });
  });
});
