import type Stripe from 'stripe';
import { z } from 'zod';
import { findUnstorableText } from '../../../../platform/http/storable-text.js';
import { AppError } from '../../../../shared/app-error.js';
import type { BillingEvent } from '../../application/billing-event.js';
import { BillingErrors } from '../../billing.errors.js';
import { idOf, tokensOf } from './stripe-objects.js';

/** A verified delivery: the event to apply, or why a correctly signed event cannot be used. */
export type VerifiedDelivery =
  | { usable: true; event: BillingEvent }
  | { usable: false; eventId: string | null; type: string | null; problem: string };

/**
 * How far ahead of this server's clock a signature may be dated, in seconds: Stripe's own tolerance for
 * the past (five minutes), applied to the future, which the SDK does not check.
 */
export const SIGNATURE_FUTURE_TOLERANCE_SECONDS = 300;

/**
 * The `t=` timestamp of a `Stripe-Signature` header (Unix seconds), read as the SDK reads it: the last
 * `t=` element wins. Null when there is none that is a number.
 */
export function signatureTimestamp(header: string): number | null {
  let timestamp: number | null = null;
  for (const element of header.split(',')) {
    const [key, value] = element.split('=');
    if (key === 't') {
      const parsed = Number.parseInt(value ?? '', 10);
      timestamp = Number.isNaN(parsed) ? null : parsed;
    }
  }
  return timestamp;
}

/**
 * Verifies a webhook delivery and reduces it to a BillingEvent. Objects are read leniently with zod: a
 * webhook endpoint may be pinned to an older API version than the SDK, so both the current shapes
 * (invoice.parent.subscription_details, line.pricing.price_details) and the older ones (invoice.subscription,
 * line.price) are accepted. A signed event the app cannot read is reported as unusable, never thrown:
 * answering it with an error would only make Stripe send it again for days.
 */
export class StripeEventSource {
  constructor(
    private readonly stripe: Stripe,
    private readonly webhookSecret: string,
    /** Milliseconds since the epoch; the SDK's own age check reads Date.now() too. */
    private readonly now: () => number = Date.now,
  ) {}

  async verify(rawBody: Buffer, signature: string | undefined): Promise<VerifiedDelivery> {
    let event: unknown;
    try {
      // Refuses a signature that does not match, or that is dated more than five minutes ago.
      event = await this.stripe.webhooks.constructEventAsync(rawBody, signature ?? '', this.webhookSecret);
    } catch (error) {
      throw new AppError(BillingErrors.WEBHOOK_SIGNATURE, 'The webhook signature is missing or does not match.', { cause: error });
    }
    // The timestamp is part of what the signature covers, so after the check above it is Stripe's own.
    const signedAt = signatureTimestamp(signature ?? '');
    if (signedAt === null || signedAt - Math.floor(this.now() / 1000) > SIGNATURE_FUTURE_TOLERANCE_SECONDS) {
      throw new AppError(BillingErrors.WEBHOOK_SIGNATURE, 'The webhook signature is dated in the future.');
    }
    return readDelivery(event);
  }
}

// Stripe's ids are short; bounding them keeps an odd event out of the processed-event key.
const stripeId = z.string().min(1).max(255);
const envelope = z.looseObject({ id: stripeId, type: z.string().min(1).max(255), data: z.looseObject({ object: z.unknown() }) });

/** Checks the envelope and the object, then translates; any surprise becomes an unusable delivery. */
export function readDelivery(event: unknown): VerifiedDelivery {
  const unstorable = findUnstorableText(event);
  const head = envelope.safeParse(event);
  const eventId = head.success ? head.data.id : null;
  const type = head.success ? head.data.type : null;
  if (unstorable !== null) return { usable: false, eventId, type, problem: `unstorable text at ${unstorable}` };
  if (!head.success) return { usable: false, eventId, type, problem: `not an event: ${describe(head.error)}` };
  try {
    return { usable: true, event: translate(head.data.id, head.data.type, head.data.data.object) };
  } catch (error) {
    if (error instanceof z.ZodError) return { usable: false, eventId, type, problem: `unexpected ${head.data.type} object: ${describe(error)}` };
    throw error;
  }
}

const describe = (error: z.ZodError) =>
  error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');

const ref = z.union([stripeId, z.looseObject({ id: stripeId })]).nullish();
const metadata = z.record(z.string(), z.string()).nullish();
/** Amounts land in 32-bit integer columns. */
const cents = z.number().int().nonnegative().max(2_147_483_647);
/** Unix seconds that make a real date (up to the year 9999). */
const epochSeconds = z.number().int().nonnegative().max(253_402_300_799);

const checkoutSession = z.looseObject({
  id: stripeId,
  mode: z.enum(['payment', 'subscription', 'setup']),
  customer: ref,
  subscription: ref,
  setup_intent: ref,
  payment_status: z.string().nullish(),
  amount_total: cents.nullish(),
});

const priceRef = z.union([stripeId, z.looseObject({ id: stripeId, metadata })]).nullish();
/** A line's amount: negative for a proration's credit. */
const signedCents = z.number().int().min(-2_147_483_648).max(2_147_483_647);
const invoiceLine = z.looseObject({
  amount: signedCents.nullish(),
  period: z.looseObject({ start: epochSeconds, end: epochSeconds }),
  pricing: z.looseObject({ price_details: z.looseObject({ price: priceRef }).nullish() }).nullish(),
  price: priceRef,
});
const invoice = z.looseObject({
  id: stripeId,
  customer: ref,
  billing_reason: z.string().nullish(),
  amount_paid: cents.nullish(),
  subscription: ref,
  parent: z.looseObject({ subscription_details: z.looseObject({ subscription: ref }).nullish() }).nullish(),
  lines: z.looseObject({ data: z.array(invoiceLine) }).nullish(),
});
const subscription = z.looseObject({ id: stripeId, customer: ref });

/** Invoices that start a paid period; others (proration, manual) only refresh the subscription. */
const PERIOD_REASONS = new Set(['subscription_create', 'subscription_cycle']);
/** The invoice of a plan change charged at once (an upgrade with proration_behavior always_invoice). */
const PLAN_CHANGE_REASON = 'subscription_update';

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
      if (type === 'invoice.paid' && parsed.billing_reason === PLAN_CHANGE_REASON) {
        return {
          kind: 'plan-change-paid',
          eventId,
          invoiceId: parsed.id,
          customerId: idOf(parsed.customer),
          subscriptionId,
          lines: (parsed.lines?.data ?? []).map((candidate) => ({
            priceId: idOf(candidate.pricing?.price_details?.price ?? candidate.price ?? null),
            amountCents: candidate.amount ?? 0,
            periodEnd: new Date(candidate.period.end * 1000),
          })),
          amountPaidCents: parsed.amount_paid ?? 0,
        };
      }
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
