// The price list (GET /api/stripe/prices, public): the landing page's pricing section and the billing
// screens both show it, so it lives here rather than in either feature.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { isRecord } from './answer-checks';
import { priceKeys } from './query-keys';
import type { PlanType, Price, PriceType } from '@contract/billing';

/** A price (GET /api/stripe/price/{type}, /api/stripe/prices) and its types: the HTTP contract's own. */
export type { Price, PriceType };

export const PLAN_TYPES: readonly PlanType[] = ['monthlyBasic', 'monthlyPro'];

export function isPlanType(value: PriceType): value is PlanType {
  return (PLAN_TYPES as readonly string[]).includes(value);
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

/** GET /api/stripe/prices (public): every price; entries that are not prices are dropped. */
export async function getPrices(signal?: AbortSignal): Promise<Price[]> {
  const body = await api.get('stripe/prices', signal ? { signal } : {}).json<unknown>();
  if (!Array.isArray(body)) throw new Error('GET /api/stripe/prices answered without a list.');
  return body.map(toPrice).filter((price): price is Price => price !== null);
}

export const pricesQueryOptions = () =>
  queryOptions({
    queryKey: priceKeys.list(),
    queryFn: ({ signal }) => getPrices(signal),
    meta: { errorMessage: 'Could not load the prices.' },
  });

/** Every price (public); a failure is logged, and the screen says so. */
export function usePrices() {
  return useQuery(pricesQueryOptions());
}
