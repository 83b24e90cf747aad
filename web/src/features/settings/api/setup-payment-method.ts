import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toUrl } from './types';

/** POST /api/subscription/setup-payment-method: the card-update page's url (it returns to /settings?cardChange=…). */
export async function setupPaymentMethod(): Promise<string> {
  return toUrl(await api.post('subscription/setup-payment-method').json<unknown>(), 'POST /api/subscription/setup-payment-method');
}

/** Asks for the card-update page. Nothing to invalidate: the card changes there, and the page comes back with a full load. */
export function useSetupPaymentMethod() {
  return useMutation({ mutationFn: setupPaymentMethod });
}
