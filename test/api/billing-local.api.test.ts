import { beforeEach, describe, expect, it } from 'vitest';
import { SubscriptionAccess } from '../../src/modules/billing/index.js';
import { ReserveTokens } from '../../src/modules/token-ledger/index.js';
import { CLOCK, fixedClock } from '../../src/shared/clock.js';
import { billingClient, NEVER_SUBSCRIBED, pathOf } from '../support/billing/billing-client.js';
import { signIn, signInUser } from '../support/sign-in.js';
import { databaseKinds } from '../support/test-database.js';
import type { ErrorResponse } from '../../src/contract/common.js';
import { useTestApp } from '../support/use-test-app.js';
import { override } from '../../src/platform/wiring/overrides.js';

const PUBLIC_URL = 'http://127.0.0.1:3999';
const START = '2026-11-10T09:00:00.000Z';

describe.each(databaseKinds())('billing with the local checkout (%s)', (kind) => {
  const clock = fixedClock(START);
  const { app, database } = useTestApp(kind, { overrides: [override(CLOCK, clock)], resetAfterEach: true });
  let token: string;
  let userId: string;
  let billing: ReturnType<typeof billingClient>;

  beforeEach(async () => {
    clock.set(START);
    ({ token, userId } = await signInUser(app, { email: 'payer@example.com' }));
    billing = billingClient(app, token);
  });

  /** Opens a checkout and answers the local checkout page's path. */
  async function openCheckout(response: Response): Promise<string> {
    const { url } = await billing.json<{ url: string }>(response);
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/local-checkout/cs_local_[A-Za-z0-9_-]+$`));
    return pathOf(url);
  }

  async function pay(checkoutPath: string): Promise<Response> {
    return app.fetch(`${checkoutPath}/pay`, { method: 'POST', body: new URLSearchParams() });
  }

  async function subscribe(priceType = 'monthlyBasic') {
    const path = await openCheckout(await billing.subscribe(priceType));
    const paid = await pay(path);
    expect(paid.status).toBe(303);
    return { path, sessionId: path.split('/').pop() ?? '', location: paid.headers.get('location') };
  }

  it('tells the payment success page what a checkout bought and the tokens now: open, then completed; another user\'s is not found', async () => {
    const { sessionId } = await subscribe('monthlyPro');
    const outcome = async (id: string, as = token) => app.fetch(`/api/stripe/checkout/${id}`, { token: as });
    expect(await (await outcome(sessionId)).json()).toEqual({
      sessionId,
      kind: 'subscription',
      planType: 'monthlyPro',
      tokens: 2000,
      total: 29,
      status: 'completed',
      balance: { subscriptionTokens: 2000, additionalTokens: 0, unlimited: false },
    });

    const path = await openCheckout(await billing.buyTokens(150));
    const tokensId = path.split('/').pop() ?? '';
    expect(await (await outcome(tokensId)).json()).toMatchObject({ kind: 'tokens', planType: null, tokens: 150, status: 'open', balance: { additionalTokens: 0 } });
    expect((await pay(path)).status).toBe(303);
    expect(await (await outcome(tokensId)).json()).toMatchObject({ kind: 'tokens', tokens: 150, status: 'completed', balance: { subscriptionTokens: 2000, additionalTokens: 150 } });

    const other = await signIn(app, { email: 'someone-else@example.com' });
    const foreign = await outcome(tokensId, other);
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as ErrorResponse).error.code).toBe('BILLING.CHECKOUT_NOT_FOUND');
    expect((await outcome('not-a-checkout')).status).toBe(404);
    expect((await app.fetch(`/api/stripe/checkout/${tokensId}`)).status).toBe(401);
  });

  it('lists the configured prices without sign-in, in dollars with their tokens', async () => {
    const response = await app.fetch('/api/stripe/prices');
    expect(await response.json()).toEqual([
      { priceType: 'monthlyBasic', price: 9, tokens: 500 },
      { priceType: 'monthlyPro', price: 29, tokens: 2000 },
      { priceType: 'singleToken', price: 0.02, tokens: 1 },
    ]);
    expect(await (await app.fetch('/api/stripe/price/monthlyPro')).json()).toEqual({ priceType: 'monthlyPro', price: 29, tokens: 2000 });
    const unknown = await app.fetch('/api/stripe/price/yearlyGold');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ErrorResponse).error.code).toBe('BILLING.PRICE_NOT_FOUND');
  });

  it('answers the status of a user who never subscribed', async () => {
    expect(await billing.status()).toEqual(NEVER_SUBSCRIBED);
    expect((await app.fetch('/api/subscription/status')).status).toBe(401);
    expect(await app.container.resolve(SubscriptionAccess).isActive(userId)).toBe(false);
  });

  it('subscribes through the test-mode page: Pay redirects to the success page and the plan is active with its tokens', async () => {
    const path = await openCheckout(await billing.subscribe('monthlyBasic'));
    const page = await app.fetch(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('TEST MODE');
    expect(html).toContain('Basic plan, monthly');
    expect(html).toContain('500 tokens every month');
    expect(html).toContain('<strong>$9.00</strong>');
    expect(html).toMatch(/<button type="submit" class="pay">Pay<\/button>/);
    expect(html).toMatch(/<button type="submit" class="cancel">Cancel<\/button>/);
    expect(html).not.toContain('<script');

    const paid = await pay(path);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${PUBLIC_URL}/success?session_id=${path.split('/').pop()}`);

    expect(await billing.status()).toEqual({
      isActive: true,
      subscriptionStatus: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: '2026-12-10T09:00:00.000Z',
      monthlyPrice: 9,
      paymentEmail: 'payer@example.com',
      subscriptionTokens: 500,
      maxSubscriptionTokens: 500,
      additionalTokens: 0,
      planType: 'monthlyBasic',
      billingDisabled: false,
    });
    expect(await billing.paymentMethods()).toEqual([{ brand: 'Visa', last4: '4242', expiryMonth: 12, expiryYear: 2029 }]);
    expect(await app.container.resolve(SubscriptionAccess).isActive(userId)).toBe(true);
  });

  it('grants once when Pay is pressed twice, and shows a paid checkout as paid', async () => {
    const { path, location } = await subscribe();
    await app.container.resolve(ReserveTokens).execute({ userId, reservationId: 'mail-1', tokens: 20, description: 'Summary' });
    const again = await pay(path);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(location);
    expect((await billing.status()).subscriptionTokens).toBe(480);
    expect(await database.db('token_ledger').where({ user_id: userId, kind: 'period_grant' }).count({ n: '*' }).first()).toEqual({ n: 1 });
    expect(await (await app.fetch(path)).text()).toContain('This checkout is already paid.');
  });

  it('refuses buying the active plan again with 409 and the documented message (the other plan is a plan change)', async () => {
    await subscribe('monthlyBasic');
    const response = await billing.subscribe('monthlyBasic');
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: {
        code: 'BILLING.ALREADY_SUBSCRIBED',
        message: 'You already have an active subscription. Please cancel your current subscription before purchasing a new one.',
      },
    });
  });

  it('accepts the correct spelling of the subscription checkout path too, and only plan price types', async () => {
    const response = await app.fetch('/api/stripe/create-checkout-session-subscription', { method: 'POST', token, json: { priceType: 'monthlyPro' } });
    expect(await (await app.fetch(pathOf((await billing.json<{ url: string }>(response)).url))).text()).toContain('Professional plan, monthly');
    for (const priceType of ['singleToken', 'gold', undefined]) {
      const refused = await billing.subscribe(priceType as string);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as ErrorResponse).error.code).toBe('REQUEST.INVALID');
    }
  });

  it('sends Cancel to the cancel page for subscriptions and leaves everything as it was', async () => {
    const path = await openCheckout(await billing.subscribe('monthlyBasic'));
    const cancelled = await app.fetch(`${path}/cancel`, { method: 'POST', body: new URLSearchParams() });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`${PUBLIC_URL}/cancel?type=subscription`);
    expect((await billing.status()).isActive).toBe(false);
    const late = await pay(path);
    expect(late.status).toBe(409);
    expect(await late.text()).toContain('This checkout was canceled.');
    expect((await billing.status()).subscriptionStatus).toBe('none');
  });

  it('sells extra tokens only during an active subscription', async () => {
    const refused = await billing.buyTokens(1000);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorResponse).error).toEqual({
      code: 'BILLING.SUBSCRIPTION_REQUIRED',
      message: 'Extra tokens can be bought during an active subscription. Choose a plan first.',
    });
  });

  it('adds bought tokens on Pay, once, and sends Cancel to the tokens cancel page', async () => {
    await subscribe();
    const path = await openCheckout(await billing.buyTokens(1000));
    const html = await (await app.fetch(path)).text();
    expect(html).toContain('1,000 extra tokens');
    expect(html).toContain('1,000 × $0.02 per token');
    expect(html).toContain('<strong>$20.00</strong>');
    const paid = await pay(path);
    expect(paid.headers.get('location')).toBe(`${PUBLIC_URL}/success?session_id=${path.split('/').pop()}`);
    await pay(path);
    expect(await billing.status()).toMatchObject({ subscriptionTokens: 500, additionalTokens: 1000 });
    const added = (await (await app.fetch('/api/tokens/added/table', { token })).json()) as { data: { source: string; tokens: number; payedUsd: number }[] };
    expect(added.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ source: 'Token purchase', tokens: 1000, payedUsd: 20 }),
        expect.objectContaining({ source: 'Basic plan: monthly tokens', tokens: 500, payedUsd: 9 }),
      ]),
    );

    const other = await openCheckout(await billing.buyTokens(250));
    const cancelled = await app.fetch(`${other}/cancel`, { method: 'POST', body: new URLSearchParams() });
    expect(cancelled.headers.get('location')).toBe(`${PUBLIC_URL}/cancel?type=tokens`);
    expect((await billing.status()).additionalTokens).toBe(1000);
  });

  it('validates the token amount: a whole number from 1 to 1,000,000', async () => {
    await subscribe();
    for (const amount of [0, -5, 1.5, '100', null, 1_000_001]) {
      const response = await billing.buyTokens(amount);
      expect(response.status, String(amount)).toBe(400);
    }
    expect((await billing.buyTokens(1_000_000)).status).toBe(200);
  });

  it('cancels at the period end and reactivates, with 409 when either does not apply', async () => {
    expect((await billing.cancel()).status).toBe(409);
    await subscribe();
    expect((await billing.reactivate()).status).toBe(409);

    const cancelled = await billing.json<{ cancelAtPeriodEnd: boolean; isActive: boolean }>(await billing.cancel());
    expect(cancelled).toMatchObject({ isActive: true, subscriptionStatus: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: '2026-12-10T09:00:00.000Z' });
    const twice = await billing.cancel();
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as ErrorResponse).error).toEqual({ code: 'BILLING.ALREADY_CANCELING', message: 'The subscription is already set to end on December 10, 2026.' });

    expect(await billing.json(await billing.reactivate())).toMatchObject({ isActive: true, cancelAtPeriodEnd: false });
    const again = await billing.reactivate();
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorResponse).error.code).toBe('BILLING.NOT_CANCELING');
  });

  it('renews a local subscription on the next read after its period ends, resetting the monthly tokens', async () => {
    await subscribe();
    await app.container.resolve(ReserveTokens).execute({ userId, reservationId: 'mail-1', tokens: 120, description: 'Summary' });
    clock.set('2027-01-15T12:00:00.000Z');
    // Two months later: the period containing now starts on 10 January; December's is not granted back.
    expect(await app.container.resolve(SubscriptionAccess).isActive(userId)).toBe(true);
    billing = billingClient(app, await signIn(app, { email: 'payer@example.com' }));
    expect(await billing.status()).toMatchObject({ isActive: true, currentPeriodEnd: '2027-02-10T09:00:00.000Z', subscriptionTokens: 500, maxSubscriptionTokens: 500 });
    expect(await database.db('token_ledger').where({ user_id: userId, kind: 'period_grant' }).count({ n: '*' }).first()).toEqual({ n: 2 });
  });

  it('ends a canceling subscription at its period end: not active, shown as canceled, not renewed', async () => {
    await subscribe();
    await billing.cancel();
    clock.set('2026-12-10T09:00:00.000Z');
    expect(await app.container.resolve(SubscriptionAccess).isActive(userId)).toBe(false);
    billing = billingClient(app, await signIn(app, { email: 'payer@example.com' }));
    expect(await billing.status()).toMatchObject({ isActive: false, subscriptionStatus: 'canceled', cancelAtPeriodEnd: false, subscriptionTokens: 500 });
    expect((await billing.reactivate()).status).toBe(409);
    // A new plan may be chosen once the old one has ended.
    expect((await billing.subscribe('monthlyPro')).status).toBe(200);
  });

  it('changes the card through the test-mode page, whose button says Save card, and returns to Settings', async () => {
    const path = await openCheckout(await billing.setupCard());
    const html = await (await app.fetch(path)).text();
    expect(html).toContain('Save a card for future payments');
    expect(html).toMatch(/<button type="submit" class="pay">Save card<\/button>/);
    expect(html).not.toMatch(/>Pay</);
    expect(await billing.paymentMethods()).toEqual([]);
    const paid = await pay(path);
    expect(paid.headers.get('location')).toBe(`${PUBLIC_URL}/settings?cardChange=success`);
    expect(await billing.paymentMethods()).toEqual([{ brand: 'Visa', last4: '4242', expiryMonth: 12, expiryYear: 2029 }]);

    const other = await openCheckout(await billing.setupCard());
    const cancelled = await app.fetch(`${other}/cancel`, { method: 'POST', body: new URLSearchParams() });
    expect(cancelled.headers.get('location')).toBe(`${PUBLIC_URL}/settings?cardChange=cancelled`);
  });

  it('sets the billing email', async () => {
    expect(await billing.json(await billing.setEmail('invoices@example.com'))).toEqual({ ok: true });
    expect((await billing.status()).paymentEmail).toBe('invoices@example.com');
    const invalid = await billing.setEmail('not-an-email');
    expect(invalid.status).toBe(400);
    await subscribe();
    expect((await billing.status()).paymentEmail).toBe('invoices@example.com');
  });

  it('answers the same checkout to a repeated request (double click)', async () => {
    const first = await openCheckout(await billing.subscribe('monthlyBasic'));
    expect(await openCheckout(await billing.subscribe('monthlyBasic'))).toBe(first);
    const keyed = await openCheckout(await billing.subscribe('monthlyBasic', { 'idempotency-key': 'click-0001' }));
    expect(keyed).not.toBe(first);
    expect(await openCheckout(await billing.subscribe('monthlyBasic', { 'idempotency-key': 'click-0001' }))).toBe(keyed);
  });

  it('answers 404 for an unknown checkout, and has no Stripe webhook in local mode', async () => {
    const page = await app.fetch('/local-checkout/cs_local_nope');
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('There is no such checkout.');
    expect((await app.fetch('/local-checkout/cs_local_nope/pay', { method: 'POST', body: new URLSearchParams() })).status).toBe(404);
    expect((await app.fetch('/webhooks/stripe', { method: 'POST', json: {} })).status).toBe(404);
  });
});
