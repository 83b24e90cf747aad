/** The two monthly plans (docs/product.md § Plans, prices and tokens); their price types double as Stripe lookup keys. */
export const PLAN_TYPES = ['monthlyBasic', 'monthlyPro'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

/** Every price the product sells: the plans, and one extra token (bought in any quantity). */
export const PRICE_TYPES = [...PLAN_TYPES, 'singleToken'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];

export interface Price {
  priceType: PriceType;
  /** Per unit, in cents. May hold a fraction of a cent: one token can cost less than a cent. */
  unitAmountCents: number;
  /** Tokens one unit gives: a month's tokens for a plan, normally 1 for singleToken. */
  tokens: number;
  /** The provider's own id of the price (Stripe's `price_…`). */
  providerPriceId: string;
}

export const PLAN_NAMES: Record<PlanType, string> = { monthlyBasic: 'Basic', monthlyPro: 'Professional' };

export const isPlanType = (value: string | null | undefined): value is PlanType => (PLAN_TYPES as readonly string[]).includes(value ?? '');
export const isPriceType = (value: string | null | undefined): value is PriceType => (PRICE_TYPES as readonly string[]).includes(value ?? '');

/** Dollars as the API shows them; six decimals keep sub-cent token prices exact (0.0025 stays 0.0025). */
export function centsToDollars(cents: number): number {
  return Math.round(cents * 10_000) / 1_000_000;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 1_000_000) / 10_000;
}

/** What a quantity costs, in whole cents (the provider charges whole cents, rounding the same way). */
export function totalCents(price: Pick<Price, 'unitAmountCents'>, quantity: number): number {
  return Math.round(price.unitAmountCents * quantity);
}

/**
 * Units to buy for a wanted number of tokens: rounded up to a whole unit (docs/product.md § Plans, prices and tokens), so the user gets
 * at least what they asked for.
 */
export function unitsFor(tokens: number, price: Pick<Price, 'tokens'>): number {
  return Math.ceil(tokens / Math.max(1, price.tokens));
}

export function byPriceTypeOrder(a: Price, b: Price): number {
  return PRICE_TYPES.indexOf(a.priceType) - PRICE_TYPES.indexOf(b.priceType);
}
