import { api } from '@/lib/api-client';
import { toUrl } from './types';

/** POST /api/subscription/setup-payment-method: the card-update page's url (it returns to /settings?cardChange=…). */
export async function setupPaymentMethod(): Promise<string> {
  return toUrl(await api.post('subscription/setup-payment-method').json<unknown>(), 'POST /api/subscription/setup-payment-method');
}
