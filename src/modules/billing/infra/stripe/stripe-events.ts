import type Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../../../../shared/app-error.js';
import type { BillingEvent } from '../../application/billing-event.js';
import { BillingErrors } from '../../domain/billing.errors.js';
import { idOf, tokensOf } from './stripe-objects.js';

/**
 * Verifies a webhook delivery and reduces it to a BillingEvent. Objects are read leniently with zod: a
 * webhook endpoint may be pinned to an older API version than the SDK, so both the current shapes
 * (invoice.parent.subscription_details, line.pricing.price_details) and the older ones (invoice.subscription,
 * line.price) are accepted.
 */
export class StripeEventSource {
  constructor(
    private readonly stripe: Stripe,
    private readonly webhookSecret: string,
  ) {}

  async verify(rawBody: Buffer, signature: string | undefined): Promise<BillingEvent> {
    let event: Stripe.Event;
    try {
      event = await this.stripe.webhooks.constructEventAsync(rawBody, signature ?? '', this.webhookSecret);
    } catch (error) {
      throw new AppError(BillingErrors.WEBHOOK_SIGNATURE, 'The webhook signature is missing or does not match.', { cause: error });
    }
    return translate(event.id, event.type, event.data.object);
  }
}

const ref = z.union([z.string(), z.looseObject({ id: z.string() })]).nullish();
const metadata = z.record(z.string(), z.string()).nullish();

const checkoutSession = z.looseObject({
  id: z.string(),
  mode: z.enum(['payment', 'subscription', 'setup']),
  customer: ref,
  subscription: ref,
  setup_intent: ref,
  payment_status: z.string().nullish(),
  amount_total: z.number().nullish(),
});

const priceRef = z.union([z.string(), z.looseObject({ id: z.string(), metadata })]).nullish();
const invoiceLine = z.looseObject({
  period: z.looseObject({ start: z.number(), end: z.number() }),
  pricing: z.looseObject({ price_details: z.looseObject({ price: priceRef }).nullish() }).nullish(),
  price: priceRef,
});
const invoice = z.looseObject({
  id: z.string(),
  customer: ref,
  billing_reason: z.string().nullish(),
  amount_paid: z.number().nullish(),
  subscription: ref,
  parent: z.looseObject({ subscription_details: z.looseObject({ subscription: ref }).nullish() }).nullish(),
  lines: z.looseObject({ data: z.array(invoiceLine) }).nullish(),
});
const subscription = z.looseObject({ id: z.string(), customer: ref });

/** Invoices that start a paid period; others (proration, manual) only refresh the subscription. */
const PERIOD_REASONS = new Set(['subscription_create', 'subscription_cycle']);

export function translate(eventId: string, type: string, object: unknown): BillingEvent {
  switch (type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = checkoutSession.parse(object);
      return {
        kind: 'checkout-completed',
        eventId,
        sessionId: session.id,
        mode: session.mode,
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
        setupRef: idOf(session.setup_intent),
        paid: type === 'checkout.session.async_payment_succeeded' || session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
        amountTotalCents: session.amount_total ?? null,
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const parsed = invoice.parse(object);
      const subscriptionId = idOf(parsed.parent?.subscription_details?.subscription) ?? idOf(parsed.subscription);
      if (!subscriptionId) return { kind: 'ignored', eventId, type };
      const line = parsed.lines?.data.find((candidate) => candidate.pricing?.price_details?.price ?? candidate.price) ?? parsed.lines?.data[0];
      if (type === 'invoice.payment_failed' || !PERIOD_REASONS.has(parsed.billing_reason ?? '') || !line) {
        return { kind: 'subscription-changed', eventId, customerId: idOf(parsed.customer), subscriptionId };
      }
      const price = line.pricing?.price_details?.price ?? line.price ?? null;
      return {
        kind: 'period-paid',
        eventId,
        invoiceId: parsed.id,
        customerId: idOf(parsed.customer),
        subscriptionId,
        periodStart: new Date(line.period.start * 1000),
        periodEnd: new Date(line.period.end * 1000),
        priceId: idOf(price),
        planTokens: typeof price === 'object' && price !== null ? tokensOf(price.metadata) : null,
        amountPaidCents: parsed.amount_paid ?? 0,
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const parsed = subscription.parse(object);
      return { kind: 'subscription-changed', eventId, customerId: idOf(parsed.customer), subscriptionId: parsed.id };
    }
    default:
      return { kind: 'ignored', eventId, type };
  }
}
