import type { PlanType } from '@/lib/subscription-status';

/** Spec §3 price types: the two monthly plans and one extra token. */
export type PriceType = PlanType | 'singleToken';

/** A price (GET /api/stripe/price/{type}, /api/stripe/prices): `price` in dollars, `tokens` it buys. */
export type Price = {
  priceType: PriceType;
  price: number;
  tokens: number;
};

export const PLAN_TYPES: readonly PlanType[] = ['monthlyBasic', 'monthlyPro'];

export function isPlanType(value: PriceType): value is PlanType {
  return (PLAN_TYPES as readonly string[]).includes(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A price from the server, or null when the answer is not one (unknown type, no positive price). */
export function toPrice(value: unknown): Price | null {
  if (!isRecord(value)) return null;
  const { priceType, price, tokens } = value;
  if (priceType !== 'monthlyBasic' && priceType !== 'monthlyPro' && priceType !== 'singleToken') return null;
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) return null;
  if (typeof tokens !== 'number' || !Number.isFinite(tokens) || tokens <= 0) return null;
  return { priceType, price, tokens };
}

/** The `url` of a checkout answer; a missing one is a failed call (its message may be shown to the user). */
export function toCheckoutUrl(body: unknown, call: string): string {
  const url = isRecord(body) ? body['url'] : undefined;
  if (typeof url !== 'string' || url === '') {
    throw new Error('The checkout page could not be opened.', { cause: `${call} answered without a url.` });
  }
  return url;
}
