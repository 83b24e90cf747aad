import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingRoutes } from '@contract/billing';
import { callRoute } from '@/lib/api-route';
import type { Price, PriceType } from '@/lib/prices';
import { billingPriceKeys } from './query-keys';

/** GET /api/stripe/price/{type} (public): one price, or null when it is another type's or gives no tokens (nothing to sell by). */
export async function getPrice(type: PriceType, signal?: AbortSignal): Promise<Price | null> {
  const price = await callRoute(billingRoutes.price, { params: { type }, signal });
  return price.priceType === type && price.tokens > 0 ? price : null;
}

export const priceQueryOptions = (type: PriceType) =>
  queryOptions({
    queryKey: billingPriceKeys.one(type),
    queryFn: ({ signal }) => getPrice(type, signal),
    meta: { errorMessage: `Could not load the ${type} price.` },
  });

/** One price; not loaded while `enabled` is false. */
export function usePrice(type: PriceType, enabled: boolean) {
  return useQuery({ ...priceQueryOptions(type), enabled });
}
