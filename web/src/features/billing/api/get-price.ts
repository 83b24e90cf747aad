import { api } from '@/lib/api-client';
import { toPrice, type Price, type PriceType } from './types';

/** GET /api/stripe/price/{type} (public): one price, or null when the answer carries no usable price. */
export async function getPrice(type: PriceType): Promise<Price | null> {
  const price = toPrice(await api.get(`stripe/price/${encodeURIComponent(type)}`).json<unknown>());
  return price && price.priceType === type ? price : null;
}
