import { api } from '@/lib/api-client';
import { toCheckoutUrl } from './types';

/** POST /api/stripe/create-custom-token-checkout { tokenAmount }: the checkout page's url. */
export async function createTokenCheckout(tokenAmount: number): Promise<string> {
  const body = await api.post('stripe/create-custom-token-checkout', { json: { tokenAmount } }).json<unknown>();
  return toCheckoutUrl(body, 'POST /api/stripe/create-custom-token-checkout');
}
