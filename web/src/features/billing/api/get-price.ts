import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toPrice, type Price, type PriceType } from '@/lib/prices';
import { billingPriceKeys } from './query-keys';

/** GET /api/stripe/price/{type} (public): one price, or null when the answer carries no usable price. */
export async function getPrice(type: PriceType, signal?: AbortSignal): Promise<Price | null> {
  const price = toPrice(await api.get(`stripe/price/${encodeURIComponent(type)}`, signal ? { signal } : {}).json<unknown>());
  return price && price.priceType === type ? price : null;
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
