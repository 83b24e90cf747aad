/**
 * What the fake Stripe knows: its objects, shaped as API version 2026-10-28 answers them (period on
 * the subscription item, the invoice's subscription under parent.subscription_details, the line's price
 * under pricing.price_details), and the customer's and Stripe's own moves (pay, renew, decline, end).
 */
import { randomBytes } from 'node:crypto';

export type Json = Record<string, unknown>;
export type Obj = Json & { id: string };

const DAY = 24 * 60 * 60;
const MONTH = 30 * DAY;
export const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
export const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });

/** An error Stripe answers with its own shape: `{ error: { type, message, code } }`. */
export class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

const invalid = (message: string) => new StripeFailure(400, 'invalid_request_error', message);

export class FakeStripeState {
  readonly prices = new Map<string, Obj>();
  readonly customers = new Map<string, Obj>();
  readonly sessions = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly invoices = new Map<string, Obj>();
  readonly paymentMethods = new Map<string, Obj>();
  readonly setupIntents = new Map<string, Obj>();
  /** Stripe keeps these too but answers them only when expanded: not part of the session's JSON. */
  private readonly sessionInputs = new Map<string, { items: Json[]; subscriptionData: Json | null }>();

  constructor(readonly now: () => number) {}

  get(map: Map<string, Obj>, kind: string, id: string): Obj {
    const found = map.get(id);
    if (!found) throw new StripeFailure(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing');
    return found;
  }

  seedPrice(input: { lookupKey: string; unitAmount: number; unitAmountDecimal?: string; tokens?: string | null; recurring?: boolean; active?: boolean }): Obj {
    const price: Obj = {
      id: newId('price'),
      object: 'price',
      active: input.active ?? true,
      currency: 'usd',
      lookup_key: input.lookupKey,
      metadata: input.tokens === null || input.tokens === undefined ? {} : { tokens: input.tokens },
      product: newId('prod'),
      recurring: input.recurring ? { interval: 'month', interval_count: 1, usage_type: 'licensed' } : null,
      type: input.recurring ? 'recurring' : 'one_time',
      unit_amount: Math.round(Number(input.unitAmountDecimal ?? input.unitAmount)),
      unit_amount_decimal: input.unitAmountDecimal ?? String(input.unitAmount),
      created: this.now(),
      livemode: false,
    };
    this.prices.set(price.id, price);
    return price;
  }

  /** Basic $9 / 500 tokens, Professional $29 / 2000 tokens, a token at 2 cents. */
  seedDefaultPrices() {
    return {
      basic: this.seedPrice({ lookupKey: 'monthlyBasic', unitAmount: 900, tokens: '500', recurring: true }),
      pro: this.seedPrice({ lookupKey: 'monthlyPro', unitAmount: 2900, tokens: '2000', recurring: true }),
      token: this.seedPrice({ lookupKey: 'singleToken', unitAmount: 2, tokens: '1' }),
    };
  }

  listPrices(query: Json) {
    const keys = Array.isArray(query.lookup_keys) ? (query.lookup_keys as string[]) : null;
    const data = [...this.prices.values()].filter((price) => (!keys || keys.includes(String(price.lookup_key))) && (query.active !== 'true' || price.active === true));
    return list(data, '/v1/prices');
  }

  createCustomer(body: Json): Obj {
    const customer: Obj = { id: newId('cus'), object: 'customer', email: body.email ?? null, metadata: body.metadata ?? {}, created: this.now(), invoice_settings: { default_payment_method: null } };
    this.customers.set(customer.id, customer);
    return customer;
  }

  updateCustomer(id: string, body: Json): Obj {
    const customer = this.get(this.customers, 'customer', id);
    if (typeof body.email === 'string') customer.email = body.email;
    const settings = body.invoice_settings as Json | undefined;
    if (settings?.default_payment_method) {
      this.get(this.paymentMethods, 'payment_method', String(settings.default_payment_method));
      customer.invoice_settings = { default_payment_method: settings.default_payment_method };
    }
    return customer;
  }

  listPaymentMethods(customerId: string) {
    this.get(this.customers, 'customer', customerId);
    return list([...this.paymentMethods.values()].filter((method) => method.customer === customerId).reverse(), `/v1/customers/${customerId}/payment_methods`);
  }

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

  /** Stripe's cancel: the subscription ends now; cancelling one that has ended is refused. */
  cancelSubscription(id: string): Obj {
    const subscription = this.get(this.subscriptions, 'subscription', id);
    if (subscription.status === 'canceled') throw invalid('This subscription has already been canceled.');
    const now = this.now();
    Object.assign(subscription, { status: 'canceled', canceled_at: now, ended_at: now, cancel_at_period_end: false });
    return subscription;
  }

  /** With `expand[]=latest_invoice` the invoice object replaces its id in the answer. */
  updateSubscription(id: string, body: Json): Obj {
    const subscription = this.get(this.subscriptions, 'subscription', id);
    if (subscription.status === 'canceled') throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
    if (body.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
    if (typeof body.default_payment_method === 'string') subscription.default_payment_method = this.get(this.paymentMethods, 'payment_method', body.default_payment_method).id;
    const items = body.items as Json[] | undefined;
    if (items?.[0]?.price) this.changePrice(subscription, items[0], body);
    const expand = Array.isArray(body.expand) ? (body.expand as string[]) : [];
    if (expand.includes('latest_invoice') && typeof subscription.latest_invoice === 'string') {
      return { ...subscription, latest_invoice: this.invoices.get(subscription.latest_invoice) ?? null };
    }
    return subscription;
  }

  /** The next upgrade's charge is declined (Stripe keeps the change pending with pending_if_incomplete). */
  declineNextPlanChange() {
    this.declinePlanChange = true;
  }
  private declinePlanChange = false;

  /**
   * POST /v1/invoices/create_preview for a subscription update: the proration lines Stripe would
   * invoice for `subscription_details.items` at `proration_date`, plus the next period's line unless
   * the proration is invoiced at once (always_invoice).
   */
  previewInvoice(body: Json): Obj {
    const subscription = this.get(this.subscriptions, 'subscription', String(body.subscription));
    const details = (body.subscription_details as Json | undefined) ?? {};
    const item = ((details.items as Json[] | undefined) ?? [])[0];
    if (!item?.price) throw invalid('subscription_details.items[0].price is required here.');
    const newPrice = this.get(this.prices, 'price', String(item.price));
    const at = details.proration_date ? Number(details.proration_date) : this.now();
    const lines = details.proration_behavior === 'none' ? [] : this.prorationLines(subscription, newPrice, at);
    if (details.proration_behavior !== 'always_invoice') {
      const current = (subscription.items as { data: Json[] }).data[0] ?? {};
      const end = Number(current.current_period_end);
      lines.push(this.line(newPrice, Number(newPrice.unit_amount), { start: end, end: end + MONTH }, false, subscription));
    }
    const total = lines.reduce((sum, line) => sum + Number(line.amount), 0);
    return { id: `upcoming_${newId('in')}`, object: 'invoice', customer: subscription.customer, billing_reason: 'upcoming', status: 'draft', amount_due: Math.max(0, total), total, subscription_proration_date: at, lines: list(lines, '/v1/invoices/upcoming/lines') };
  }

  private changePrice(subscription: Obj, item: Json, body: Json) {
    const items = (subscription.items as { data: Json[] }).data;
    const current = items[0];
    if (!current || (item.id && item.id !== current.id)) throw invalid(`No such subscription item: '${String(item.id)}'`);
    const newPrice = this.get(this.prices, 'price', String(item.price));
    const behavior = String(body.proration_behavior ?? 'create_prorations');
    if (behavior === 'always_invoice') {
      const at = body.proration_date ? Number(body.proration_date) : this.now();
      const lines = this.prorationLines(subscription, newPrice, at);
      const paid = !this.declinePlanChange;
      this.declinePlanChange = false;
      if (!paid && body.payment_behavior === 'pending_if_incomplete') {
        subscription.pending_update = { expires_at: this.now() + DAY, subscription_items: [{ id: current.id, price: newPrice }] };
        return;
      }
      const amount = Math.max(0, lines.reduce((sum, line) => sum + Number(line.amount), 0));
      const invoice: Obj = {
        id: newId('in'),
        object: 'invoice',
        customer: subscription.customer,
        billing_reason: 'subscription_update',
        status: paid ? 'paid' : 'open',
        amount_due: amount,
        amount_paid: paid ? amount : 0,
        currency: 'usd',
        created: this.now(),
        period_start: at,
        period_end: at,
        parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
        lines: list(lines, '/v1/invoices/lines'),
      };
      this.invoices.set(invoice.id, invoice);
      subscription.latest_invoice = invoice.id;
    }
    current.price = newPrice;
    subscription.pending_update = null;
  }

  /** Credit for the unused rest of the period on the old price, charge for it on the new one. */
  private prorationLines(subscription: Obj, newPrice: Obj, at: number): Json[] {
    const current = (subscription.items as { data: Json[] }).data[0] ?? {};
    const oldPrice = current.price as Obj;
    const start = Number(current.current_period_start);
    const end = Number(current.current_period_end);
    const left = Math.min(1, Math.max(0, (end - at) / (end - start)));
    return [
      this.line(oldPrice, -Math.round(Number(oldPrice.unit_amount) * left), { start: at, end }, true, subscription),
      this.line(newPrice, Math.round(Number(newPrice.unit_amount) * left), { start: at, end }, true, subscription),
    ];
  }

  private line(price: Obj, amount: number, period: { start: number; end: number }, proration: boolean, subscription: Obj): Json {
    const item = (subscription.items as { data: Json[] }).data[0] ?? {};
    return {
      id: newId('il'),
      object: 'line_item',
      amount,
      quantity: 1,
      period,
      parent: { type: 'subscription_item_details', invoice_item_details: null, subscription_item_details: { proration, subscription: subscription.id, subscription_item: item.id, invoice_item: null } },
      pricing: { type: 'price_details', price_details: { price: price.id, product: price.product }, unit_amount_decimal: String(price.unit_amount) },
    };
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

  /** Stripe bills the next month; `paid` false: the card is declined and the subscription goes past due. */
  renew(subscriptionId: string, paid = true) {
    const subscription = this.get(this.subscriptions, 'subscription', subscriptionId);
    const items = (subscription.items as { data: Json[] }).data;
    const start = Number(items[0]?.current_period_end);
    for (const item of items) Object.assign(item, { current_period_start: start, current_period_end: start + MONTH });
    subscription.status = paid ? 'active' : 'past_due';
    return { subscription, invoice: this.newInvoice(subscription, 'subscription_cycle', paid, start) };
  }

  /** The subscription ends (period over after a cancel, or unpaid for good). */
  endSubscription(subscriptionId: string): Obj {
    const subscription = this.get(this.subscriptions, 'subscription', subscriptionId);
    Object.assign(subscription, { status: 'canceled', canceled_at: this.now() });
    return subscription;
  }

  addCard(customer: string, last4: string, brand = 'mastercard'): Obj {
    const method: Obj = { id: newId('pm'), object: 'payment_method', type: 'card', customer, created: this.now(), card: { brand, last4, exp_month: 12, exp_year: 2031, funding: 'credit', country: 'US' } };
    this.paymentMethods.set(method.id, method);
    return method;
  }

  /** An event as Stripe sends it to a webhook endpoint. */
  event(type: string, object: Json, id = newId('evt')) {
    return { id, object: 'event', api_version: '2026-10-28.endive', created: this.now(), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object: structuredClone(object) } };
  }

  private newInvoice(subscription: Obj, reason: string, paid: boolean, start: number): Obj {
    const price = (subscription.items as { data: { price: Obj }[] }).data[0]?.price as Obj;
    const end = start + MONTH;
    const invoice: Obj = {
      id: newId('in'),
      object: 'invoice',
      customer: subscription.customer,
      billing_reason: reason,
      status: paid ? 'paid' : 'open',
      amount_due: price.unit_amount,
      amount_paid: paid ? price.unit_amount : 0,
      currency: 'usd',
      created: this.now(),
      period_start: start,
      period_end: end,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
      lines: list(
        [{ id: newId('il'), object: 'line_item', amount: price.unit_amount, quantity: 1, period: { start, end }, pricing: { type: 'price_details', price_details: { price: price.id, product: price.product }, unit_amount_decimal: String(price.unit_amount) } }],
        '/v1/invoices/lines',
      ),
    };
    this.invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    return invoice;
  }
}
