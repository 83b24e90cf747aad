import type Stripe from 'stripe';
import type { CheckoutRequest, OpenedCheckout, PaymentGateway, PlanChangeOutcome, PlanChangeQuote, PlanChangeRequest } from '../../application/ports/payment-gateway.port.js';
import { cardBrandLabel, type Card } from '../../domain/card.js';
import type { Customer } from '../../domain/customer.js';
import { PRICE_TYPES, type Price } from '../../domain/price.js';
import type { Subscription, SubscriptionSnapshot } from '../../domain/subscription.js';
import { isCardDeclined, isMissingResource, stripeCall } from './stripe-failure.js';
import { idOf, prorationCents, toPrice, toSnapshot } from './stripe-objects.js';
import { MINUTE_MS } from '../../../../shared/clock.js';

export interface StripeGatewayOptions {
  /** Prices change rarely and the landing page asks often: a short cache spares Stripe's rate limit. */
  priceCacheMs?: number;
  now?: () => number;
}

/**
 * Stripe Checkout and Billing. Prices are found by lookup key (= price type) with their tokens in
 * `metadata.tokens`; every write carries the idempotency key it is given.
 */
export class StripePaymentGateway implements PaymentGateway {
  readonly provider = 'stripe' as const;
  private cached: { at: number; prices: Price[] } | null = null;

  constructor(
    private readonly stripe: Stripe,
    private readonly options: StripeGatewayOptions = {},
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  async prices(): Promise<Price[]> {
    const ttl = this.options.priceCacheMs ?? 5 * MINUTE_MS;
    if (this.cached && this.now() - this.cached.at < ttl) return this.cached.prices;
    const list = await stripeCall(() => this.stripe.prices.list({ lookup_keys: [...PRICE_TYPES], active: true, limit: 10 }));
    const prices = list.data.map(toPrice).filter((price): price is Price => price !== null);
    this.cached = { at: this.now(), prices };
    return prices;
  }

  async createCustomer(input: { userId: string; email: string; idempotencyKey: string }): Promise<string> {
    const customer = await stripeCall(() =>
      this.stripe.customers.create({ email: input.email, metadata: { userId: input.userId } }, { idempotencyKey: input.idempotencyKey }),
    );
    return customer.id;
  }

  async updateCustomerEmail(customerId: string, email: string, idempotencyKey: string): Promise<void> {
    await stripeCall(() => this.stripe.customers.update(customerId, { email }, { idempotencyKey }));
  }

  async createCheckout(request: CheckoutRequest): Promise<OpenedCheckout> {
    const metadata = { userId: request.userId, priceType: request.price?.priceType ?? '' };
    const base: Stripe.Checkout.SessionCreateParams = {
      customer: request.customerId,
      client_reference_id: request.userId,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      metadata,
    };
    const params: Stripe.Checkout.SessionCreateParams =
      request.mode === 'setup'
        ? { ...base, mode: 'setup', currency: 'usd', setup_intent_data: { metadata } }
        : {
            ...base,
            mode: request.mode,
            line_items: [{ price: request.price?.providerPriceId ?? '', quantity: request.quantity }],
            ...(request.mode === 'subscription' ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
          };
    const session = await stripeCall(() => this.stripe.checkout.sessions.create(params, { idempotencyKey: request.idempotencyKey }));
    if (!session.url) throw new Error(`Stripe opened checkout ${session.id} without a url`);
    return { sessionId: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
  }

  async retrieveSubscription(subscriptionId: string): Promise<SubscriptionSnapshot | null> {
    try {
      return toSnapshot(await stripeCall(() => this.stripe.subscriptions.retrieve(subscriptionId)));
    } catch (error) {
      if (isMissingResource(error)) return null;
      throw error;
    }
  }

  async setCancelAtPeriodEnd(current: Subscription, cancel: boolean, idempotencyKey: string): Promise<SubscriptionSnapshot> {
    const updated = await stripeCall(() => this.stripe.subscriptions.update(current.subscriptionId, { cancel_at_period_end: cancel }, { idempotencyKey }));
    return toSnapshot(updated);
  }

  async cancelNow(current: Subscription, idempotencyKey: string): Promise<SubscriptionSnapshot> {
    return toSnapshot(await stripeCall(() => this.stripe.subscriptions.cancel(current.subscriptionId, {}, { idempotencyKey })));
  }

  async useCardFromSetup(input: { customerId: string; setupRef: string; subscriptionId: string | null; idempotencyKey: string }): Promise<string> {
    const intent = await stripeCall(() => this.stripe.setupIntents.retrieve(input.setupRef));
    const paymentMethod = idOf(intent.payment_method);
    if (!paymentMethod) throw new Error(`setup intent ${input.setupRef} has no payment method`);
    await stripeCall(() =>
      this.stripe.customers.update(input.customerId, { invoice_settings: { default_payment_method: paymentMethod } }, { idempotencyKey: `${input.idempotencyKey}_customer` }),
    );
    // The subscription's own default wins over the customer's, so set it too.
    if (input.subscriptionId) {
      const subscriptionId = input.subscriptionId;
      await stripeCall(() =>
        this.stripe.subscriptions.update(subscriptionId, { default_payment_method: paymentMethod }, { idempotencyKey: `${input.idempotencyKey}_subscription` }),
      );
    }
    return paymentMethod;
  }

  async listCards(customer: Customer): Promise<Card[]> {
    const list = await stripeCall(() => this.stripe.customers.listPaymentMethods(customer.customerId, { type: 'card', limit: 10 }));
    const cards = list.data.filter((method) => method.card);
    const ordered = [...cards.filter((method) => method.id === customer.defaultPaymentMethod), ...cards.filter((method) => method.id !== customer.defaultPaymentMethod)];
    return ordered.map((method) => ({
      brand: cardBrandLabel(method.card?.brand ?? ''),
      last4: method.card?.last4 ?? '',
      expiryMonth: method.card?.exp_month ?? 0,
      expiryYear: method.card?.exp_year ?? 0,
    }));
  }

  /** Stripe's own proration, from a preview of the very update changePlan makes (same proration date). */
  async previewPlanChange(request: PlanChangeRequest): Promise<PlanChangeQuote> {
    if (request.direction === 'downgrade') return { amountDueNowCents: 0 };
    const itemId = await this.itemOf(request.current.subscriptionId);
    const preview = await stripeCall(() =>
      this.stripe.invoices.createPreview({
        customer: request.current.customerId,
        subscription: request.current.subscriptionId,
        subscription_details: {
          items: [{ id: itemId, price: request.price.providerPriceId }],
          proration_behavior: 'always_invoice',
          proration_date: Math.floor(request.prorationDate.getTime() / 1000),
        },
      }),
    );
    return { amountDueNowCents: Math.max(0, prorationCents(preview)) };
  }

  /**
   * An upgrade is invoiced at once and, with `pending_if_incomplete`, applied only when that invoice is
   * paid: a declined card leaves the old plan in place (Stripe keeps the change as `pending_update`).
   */
  async changePlan(request: PlanChangeRequest & { idempotencyKey: string }): Promise<PlanChangeOutcome> {
    const upgrade = request.direction === 'upgrade';
    const itemId = await this.itemOf(request.current.subscriptionId);
    const params: Stripe.SubscriptionUpdateParams = {
      items: [{ id: itemId, price: request.price.providerPriceId }],
      expand: ['latest_invoice'],
      ...(upgrade
        ? { proration_behavior: 'always_invoice', proration_date: Math.floor(request.prorationDate.getTime() / 1000), payment_behavior: 'pending_if_incomplete' }
        : { proration_behavior: 'none' }),
    };
    let updated: Stripe.Subscription;
    try {
      updated = await stripeCall(() => this.stripe.subscriptions.update(request.current.subscriptionId, params, { idempotencyKey: request.idempotencyKey }));
    } catch (error) {
      if (isCardDeclined(error)) return { applied: false, reason: 'payment-failed' };
      throw error;
    }
    if (updated.pending_update) return { applied: false, reason: 'payment-failed' };
    const invoice = typeof updated.latest_invoice === 'object' ? updated.latest_invoice : null;
    const charge =
      upgrade && invoice?.status === 'paid' && invoice.billing_reason === 'subscription_update' && invoice.id
        ? { invoiceId: invoice.id, amountPaidCents: invoice.amount_paid }
        : null;
    return { applied: true, snapshot: toSnapshot(updated), charge };
  }

  /** The plan's subscription item: one per subscription here. */
  private async itemOf(subscriptionId: string): Promise<string> {
    const subscription = await stripeCall(() => this.stripe.subscriptions.retrieve(subscriptionId));
    const item = subscription.items.data[0];
    if (!item) throw new Error(`subscription ${subscriptionId} has no item`);
    return item.id;
  }
}
