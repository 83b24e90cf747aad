import { api } from '@/lib/api-client';
import { toPrice, type Price } from './types';

/** GET /api/stripe/prices (public): every price; entries that are not prices are dropped. */
export async function getPrices(): Promise<Price[]> {
  const body = await api.get('stripe/prices').json<unknown>();
  if (!Array.isArray(body)) throw new Error('GET /api/stripe/prices answered without a list.');
  return body.map(toPrice).filter((price): price is Price => price !== null);
}
