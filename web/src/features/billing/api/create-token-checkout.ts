import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { subscriptionKeys, tokenStateKeys } from '@/lib/query-keys';
import { toCheckoutUrl } from './types';

/** POST /api/stripe/create-custom-token-checkout { tokenAmount }: the checkout page's url. */
export async function createTokenCheckout(tokenAmount: number): Promise<string> {
  const body = await api.post('stripe/create-custom-token-checkout', { json: { tokenAmount } }).json<unknown>();
  return toCheckoutUrl(body, 'POST /api/stripe/create-custom-token-checkout');
}

/** Starts a token purchase. The tokens arrive with the payment: the balance and the billing data are stale. */
export function useCreateTokenCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTokenCheckout,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: tokenStateKeys.all });
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
    },
  });
}
