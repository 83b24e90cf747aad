// What the landing page's pricing section shows, from the price list and the billing mode.
import { formatUsd } from '@/lib/format';
import type { Price } from '@/lib/prices';
import type { PlanType } from '@/lib/subscription-status';
import type { BillingMode } from '@/lib/public-config';

export type PlanOffer = Price & { priceType: PlanType };

export type PricingView =
  | { kind: 'loading' }
  | { kind: 'error' }
  /** Billing is switched off on this installation: nothing is for sale, use is not limited. */
  | { kind: 'free' }
  | { kind: 'plans'; plans: PlanOffer[]; singleToken: Price | null };

const PLAN_ORDER: readonly PlanType[] = ['monthlyBasic', 'monthlyPro'];

export function pricingView(
  prices: { status: 'loading' } | { status: 'error' } | { status: 'ready'; prices: readonly Price[] },
  billing: BillingMode | 'unknown' | 'loading',
): PricingView {
  if (prices.status === 'loading') return { kind: 'loading' };
  if (prices.status === 'error') return { kind: 'error' };
  const plans = prices.prices
    .filter((price): price is PlanOffer => (PLAN_ORDER as readonly string[]).includes(price.priceType))
    .sort((a, b) => PLAN_ORDER.indexOf(a.priceType) - PLAN_ORDER.indexOf(b.priceType));
  if (plans.length > 0) {
    return { kind: 'plans', plans, singleToken: prices.prices.find((price) => price.priceType === 'singleToken') ?? null };
  }
  // An empty list is what an installation without billing answers; elsewhere it is a failure.
  if (billing === 'loading') return { kind: 'loading' };
  return billing === 'off' ? { kind: 'free' } : { kind: 'error' };
}

/** docs/product.md § Plans, prices and tokens: the price of one token with 4 decimals, e.g. "$0.0180". */
export function perTokenPrice(price: Price): string {
  return formatUsd(price.price / price.tokens, 4);
}

/** A monthly price: whole dollars without cents ("$9"), otherwise with them ("$9.50"). */
export function monthlyPrice(amount: number): string {
  return formatUsd(amount, Number.isInteger(amount) ? 0 : 2);
}

/** Counts with US grouping: 2000 → "2,000". */
export function tokenCount(value: number): string {
  return value.toLocaleString('en-US');
}
