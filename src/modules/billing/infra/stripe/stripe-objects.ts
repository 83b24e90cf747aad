import type Stripe from 'stripe';
import { isPlanType, isPriceType, type Price } from '../../domain/price.js';
import { isSubscriptionStatus, type SubscriptionSnapshot } from '../../domain/subscription.js';

/** Reads Stripe's objects into the module's terms; nothing Stripe-shaped leaves the adapter. */

export const idOf = (value: string | { id: string } | null | undefined): string | null => (value === null || value === undefined ? null : typeof value === 'string' ? value : value.id);

const toDate = (seconds: number | null | undefined) => (typeof seconds === 'number' ? new Date(seconds * 1000) : null);

/** `metadata.tokens` on the price: the plan's tokens per month, or the tokens in one unit. */
export function tokensOf(metadata: Record<string, string> | null | undefined): number | null {
  const raw = metadata?.tokens;
  if (!raw || !/^\d+$/.test(raw.trim())) return null;
  const tokens = Number(raw);
  return tokens > 0 && Number.isSafeInteger(tokens) ? tokens : null;
}

/** Cents per unit; `unit_amount_decimal` carries sub-cent prices (a token at $0.004). */
function unitCents(price: Stripe.Price): number | null {
  if (price.unit_amount_decimal !== null && price.unit_amount_decimal !== undefined) {
    const decimal = Number(price.unit_amount_decimal.toString());
    if (Number.isFinite(decimal)) return decimal;
  }
  return price.unit_amount;
}

/** A Stripe price found by lookup key; null when it is not usable (no amount, or a plan without tokens). */
export function toPrice(price: Stripe.Price): Price | null {
  if (!isPriceType(price.lookup_key) || !price.active) return null;
  const cents = unitCents(price);
  // One token per unit unless the price says otherwise; a plan must say how many tokens a month gives.
  const tokens = tokensOf(price.metadata) ?? (price.lookup_key === 'singleToken' ? 1 : null);
  if (cents === null || tokens === null) return null;
  return { priceType: price.lookup_key, unitAmountCents: cents, tokens, providerPriceId: price.id };
}

/**
 * Since API version 2025-03-31 the period lives on the subscription item; older versions kept it on
 * the subscription, read as a fallback.
 */
export function toSnapshot(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const item = subscription.items.data[0];
  const price = item?.price ?? null;
  const legacy = subscription as unknown as { current_period_start?: number; current_period_end?: number };
  const periodEnd = toDate(item?.current_period_end ?? legacy.current_period_end);
  return {
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: isSubscriptionStatus(subscription.status) ? subscription.status : 'incomplete',
    planType: price && isPlanType(price.lookup_key) ? price.lookup_key : null,
    planTokens: price ? tokensOf(price.metadata) : null,
    planPriceId: price?.id ?? null,
    monthlyPriceCents: price ? unitCents(price) : null,
    // Stripe's newer cancel flows set `cancel_at` (to the period end) instead of the flag.
    cancelAtPeriodEnd: subscription.cancel_at_period_end || (subscription.cancel_at !== null && periodEnd !== null && subscription.cancel_at * 1000 <= periodEnd.getTime()),
    currentPeriodStart: toDate(item?.current_period_start ?? legacy.current_period_start),
    currentPeriodEnd: periodEnd,
    createdAt: new Date(subscription.created * 1000),
  };
}

/**
 * The prorations on an invoice (Stripe's advice: the lines whose `parent.subscription_item_details.proration`
 * is true; older API versions say `proration` on the line), summed in cents: credits are negative.
 */
export function prorationCents(invoice: Stripe.Invoice): number {
  return invoice.lines.data
    .filter((line) => {
      const legacy = line as unknown as { proration?: boolean };
      return line.parent?.subscription_item_details?.proration === true || legacy.proration === true;
    })
    .reduce((sum, line) => sum + line.amount, 0);
}
