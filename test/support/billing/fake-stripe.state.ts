/**
 * What the fake Stripe knows: its objects, shaped as API version 2026-10-28 answers them (period on
 * the subscription item, the invoice's subscription under parent.subscription_details, the line's price
 * under pricing.price_details), and the customer's and Stripe's own moves (pay, renew, decline, end).
 * In layers: prices, customers and cards (fake-stripe.customers.ts), subscriptions and their invoices
 * (fake-stripe.subscriptions.ts), and here the checkout sessions and webhook events.
 */
import { DAY, invalid, list, MONTH, newId, type Json, type Obj } from './fake-stripe.objects.js';
import { FakeStripeSubscriptions } from './fake-stripe.subscriptions.js';

export { list, newId, StripeFailure, type Json, type Obj } from './fake-stripe.objects.js';

export class FakeStripeState extends FakeStripeSubscriptions {
  readonly sessions = new Map<string, Obj>();
  readonly setupIntents = new Map<string, Obj>();
  /** Stripe keeps these too but answers them only when expanded: not part of the session's JSON. */
  private readonly sessionInputs = new Map<string, { items: Json[]; subscriptionData: Json | null }>();

  createSession(body: Json): Obj {
    const mode = String(body.mode ?? '');
    if (!['payment', 'subscription', 'setup'].includes(mode)) throw invalid('Missing required param: mode.');
    if (!body.success_url) throw invalid('Missing required param: success_url.');
    if (body.customer) this.get(this.customers, 'customer', String(body.customer));
    const items = (body.line_items as Json[] | undefined) ?? [];
    if (mode !== 'setup' && items.length === 0) throw invalid('line_items is required in payment and subscription mode.');
    if (mode === 'setup' && !body.currency) throw invalid('currency is required in setup mode when allowed_payment_method_types is not set.');
    let amount = 0;
    for (const item of items) {
      const price = this.get(this.prices, 'price', String(item.price));
      if ((mode === 'subscription') !== (price.recurring !== null)) throw invalid(`The price ${price.id} does not fit ${mode} mode.`);
      amount += Math.round(Number(price.unit_amount_decimal) * Number(item.quantity ?? 1));
    }
    const id = newId('cs_test');
    const session: Obj = {
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
      customer: body.customer ?? null,
      client_reference_id: body.client_reference_id ?? null,
      metadata: body.metadata ?? {},
      success_url: body.success_url,
      cancel_url: body.cancel_url ?? null,
      url: `https://checkout.stripe.test/c/pay/${id}`,
      amount_total: mode === 'setup' ? null : amount,
      currency: 'usd',
      expires_at: this.now() + DAY,
      created: this.now(),
      subscription: null,
      setup_intent: null,
      payment_intent: null,
    };
    this.sessions.set(id, session);
    this.sessionInputs.set(id, { items, subscriptionData: (body.subscription_data as Json | undefined) ?? null });
    return session;
  }

  /** The customer pays on Stripe's page: what Stripe creates, and what its webhooks would carry. */
  completeCheckout(sessionId: string) {
    const session = this.get(this.sessions, 'checkout.session', sessionId);
    Object.assign(session, { status: 'complete', payment_status: session.mode === 'setup' ? 'no_payment_required' : 'paid' });
    const customer = String(session.customer);
    const card = this.addCard(customer, '4242', 'visa');
    let subscription: Obj | null = null;
    let invoice: Obj | null = null;
    let setupIntent: Obj | null = null;
    if (session.mode === 'subscription') {
      const input = this.sessionInputs.get(sessionId);
      const price = this.get(this.prices, 'price', String(input?.items[0]?.price));
      const start = this.now();
      subscription = {
        id: newId('sub'),
        object: 'subscription',
        customer,
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        created: start,
        default_payment_method: card.id,
        metadata: (input?.subscriptionData?.metadata as Json | undefined) ?? {},
        latest_invoice: null,
        pending_update: null,
        items: list([{ id: newId('si'), object: 'subscription_item', price, quantity: 1, current_period_start: start, current_period_end: start + MONTH }], '/v1/subscription_items'),
      };
      this.subscriptions.set(subscription.id, subscription);
      invoice = this.newInvoice(subscription, 'subscription_create', true, start);
      session.subscription = subscription.id;
    }
    if (session.mode === 'setup') {
      setupIntent = { id: newId('seti'), object: 'setup_intent', customer, payment_method: card.id, status: 'succeeded', created: this.now() };
      this.setupIntents.set(setupIntent.id, setupIntent);
      session.setup_intent = setupIntent.id;
    }
    return { session, subscription, invoice, setupIntent, card };
  }

  /** An event as Stripe sends it to a webhook endpoint. */
  event(type: string, object: Json, id = newId('evt')) {
    return { id, object: 'event', api_version: '2026-10-28.endive', created: this.now(), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object: structuredClone(object) } };
  }
}
