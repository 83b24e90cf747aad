import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { billingClient } from '../support/billing/billing-client.js';
import { webhookSender } from '../support/billing/stripe-webhooks.js';
import { startFakeStripe, type FakeStripe, type Json } from '../support/fakes/fake-stripe.server.js';
import { signInAs } from './support/browser.js';
import { startLoggedApp, type LoggedApp } from './support/logged-app.js';
import type { ErrorResponse } from '../../src/contract/common.js';
import { useTestDatabase } from '../support/use-test-app.js';
import { stripeEnv } from '../support/billing/stripe-env.js';

describe('Stripe webhooks under attack and surprise', () => {
  const database = useTestDatabase('pglite');
  let stripe: FakeStripe;
  let app: LoggedApp;
  let webhooks: ReturnType<typeof webhookSender>;
  let billing: ReturnType<typeof billingClient>;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    stripe.seedDefaultPrices();
    app = await startLoggedApp(database, {
      env: stripeEnv(stripe),
    });
    webhooks = webhookSender(app, stripe);
  });
  beforeEach(async () => {
    await database.reset();
    billing = billingClient(app, await signInAs(app, `buyer-${Math.random().toString(36).slice(2)}@example.com`));
  });
  afterAll(async () => {
    await app.close();
    await stripe.close();
  });

  /** A checkout paid at Stripe whose webhooks have not been delivered yet. */
  async function paidSubscription() {
    const { sessionId } = await billing.json<{ sessionId: string }>(await billing.subscribe('monthlyBasic'));
    return stripe.completeCheckout(sessionId);
  }

  const event = (type: string, object: unknown, id = `evt_odd_${Math.random().toString(36).slice(2)}`) => ({ id, object: 'event', type, data: { object } });

  const oddShapes: [string, unknown][] = [
    ['no data', { id: 'evt_no_data', object: 'event', type: 'invoice.paid' }],
    ['data.object null', event('invoice.paid', null)],
    ['data.object a string', event('checkout.session.completed', 'cs_123')],
    ['data.object an array', event('customer.subscription.updated', [1, 2, 3])],
    ['a numeric event id', { id: 42, object: 'event', type: 'invoice.paid', data: { object: {} } }],
    ['no type', { id: 'evt_no_type', object: 'event', data: { object: {} } }],
    ['a JSON array for the event', [{ id: 'evt_in_array' }]],
    ['a JSON string for the event', 'evt'],
    ['an unknown checkout mode', event('checkout.session.completed', { id: 'cs_1', mode: 'teleport', customer: 'cus_1' })],
    ['a checkout without an id', event('checkout.session.completed', { mode: 'payment', customer: 'cus_1' })],
    ['a numeric customer', event('customer.subscription.updated', { id: 'sub_1', customer: 12345 })],
    ['a NUL in the customer id', event('customer.subscription.deleted', { id: 'sub_1', customer: 'cus_\u0000evil' })],
    ['a lone surrogate in the invoice id', event('invoice.paid', { id: 'in_\uD800', customer: 'cus_1', subscription: 'sub_1' })],
    ['invoice lines that are not a list', event('invoice.paid', { id: 'in_1', customer: 'cus_1', subscription: 'sub_1', billing_reason: 'subscription_create', lines: { data: 'nope' } })],
    [
      'a period beyond any date',
      event('invoice.paid', { id: 'in_1', customer: 'cus_1', subscription: 'sub_1', billing_reason: 'subscription_create', lines: { data: [{ period: { start: 1e20, end: 1e21 } }] } }),
    ],
    ['a negative amount', event('checkout.session.completed', { id: 'cs_2', mode: 'payment', customer: 'cus_1', payment_status: 'paid', amount_total: -500 })],
    ['an event id of 10 000 characters', event('invoice.paid', {}, `evt_${'x'.repeat(10_000)}`)],
  ];

  it.each(oddShapes)('acknowledges a correctly signed event with %s with 200, logs it once, and applies nothing', async (_name, body) => {
    const before = app.logs.length;
    const response = await webhooks.send(body as Json);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: 'ignored' });
    const logged = app.logs.slice(before).filter((line) => line.msg !== 'request');
    expect(logged.map((line) => line.msg)).toEqual(['stripe event of an unexpected shape acknowledged, not applied']);
    expect(logged[0]?.problem).toEqual(expect.any(String));
    expect(app.logs.slice(before).filter((line) => line.level >= 50)).toEqual([]);
    expect(await database.db('billing_webhook_events').count({ n: '*' }).first()).toEqual({ n: 0 });
    expect((await billing.status()).isActive).toBe(false);
  });

  it('still applies a well-formed event after odd ones (the control)', async () => {
    const paid = await paidSubscription();
    await webhooks.deliver('checkout.session.completed', paid.session);
    expect((await webhooks.deliver('invoice.paid', paid.invoice as Json)).body.outcome).toBe('applied');
    expect((await billing.status()).isActive).toBe(true);
  });

  it('refuses a bad signature with 400 and applies nothing', async () => {
    const paid = await paidSubscription();
    const signedElsewhere = stripe.event('checkout.session.completed', paid.session);
    const forged = await webhooks.send(signedElsewhere, { secret: 'whsec_someone_else' });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as ErrorResponse).error.code).toBe('BILLING.WEBHOOK_SIGNATURE');
    expect((await webhooks.send(signedElsewhere, { signature: 't=1,v1=deadbeef' })).status).toBe(400);
    expect((await app.fetch('/webhooks/stripe', { method: 'POST', json: signedElsewhere })).status).toBe(400);
    expect((await billing.status()).isActive).toBe(false);
  });

  it('refuses a genuine signed delivery replayed after Stripe\'s five-minute tolerance', async () => {
    const paid = await paidSubscription();
    const old = stripe.event('checkout.session.completed', paid.session);
    const payload = JSON.stringify(old, null, 2);
    const sdk = new Stripe(stripe.secretKey, stripe.clientOptions);
    const signature = sdk.webhooks.generateTestHeaderString({ payload, secret: stripe.webhookSecret, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await webhooks.send(old, { signature })).status).toBe(400);
    expect((await billing.status()).isActive).toBe(false);
  });

  it('refuses a genuine signed delivery dated an hour in the future (the SDK checks only the past)', async () => {
    const paid = await paidSubscription();
    const early = stripe.event('checkout.session.completed', paid.session);
    const payload = JSON.stringify(early, null, 2);
    const sdk = new Stripe(stripe.secretKey, stripe.clientOptions);
    const signature = sdk.webhooks.generateTestHeaderString({ payload, secret: stripe.webhookSecret, timestamp: Math.floor(Date.now() / 1000) + 3600 });
    const response = await webhooks.send(early, { signature });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'BILLING.WEBHOOK_SIGNATURE', message: 'The webhook signature is dated in the future.' } });
    expect(await database.db('billing_webhook_events').count({ n: '*' }).first()).toEqual({ n: 0 });
    expect((await billing.status()).isActive).toBe(false);
  });

  it('still accepts a signature a minute ahead (clock skew within five minutes)', async () => {
    const paid = await paidSubscription();
    const event = stripe.event('checkout.session.completed', paid.session);
    const payload = JSON.stringify(event, null, 2);
    const sdk = new Stripe(stripe.secretKey, stripe.clientOptions);
    const signature = sdk.webhooks.generateTestHeaderString({ payload, secret: stripe.webhookSecret, timestamp: Math.floor(Date.now() / 1000) + 60 });
    const response = await webhooks.send(event, { signature });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: 'applied' });
  });

  it('applies a replayed event (same id) once: the second delivery answers duplicate and grants nothing', async () => {
    const paid = await paidSubscription();
    await webhooks.deliver('checkout.session.completed', paid.session);
    const first = await webhooks.deliver('invoice.paid', paid.invoice as Json);
    expect(first.body.outcome).toBe('applied');
    const tokensAfterFirst = (await billing.status()).subscriptionTokens;
    const again = await webhooks.deliver('invoice.paid', paid.invoice as Json, first.id);
    expect(again.body.outcome).toBe('duplicate');
    expect((await billing.status()).subscriptionTokens).toBe(tokensAfterFirst);
  });
});
