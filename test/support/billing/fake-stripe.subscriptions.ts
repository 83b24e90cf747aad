/**
 * The fake Stripe's subscriptions and the invoices they bill: plan changes with proration (and their
 * preview), renewals, cancels and ends.
 */
import { DAY, invalid, list, MONTH, newId, type Json, type Obj } from './fake-stripe.objects.js';
import { FakeStripeCustomers } from './fake-stripe.customers.js';

export class FakeStripeSubscriptions extends FakeStripeCustomers {
  readonly subscriptions = new Map<string, Obj>();
  readonly invoices = new Map<string, Obj>();

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

  protected newInvoice(subscription: Obj, reason: string, paid: boolean, start: number): Obj {
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
