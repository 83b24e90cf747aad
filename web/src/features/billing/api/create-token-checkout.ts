import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingRoutes } from '@contract/billing';
import { callRoute } from '@/lib/api-route';
import { invalidateBilling } from '@/lib/query-keys';
import { checkoutUrlOf } from './types';

/** POST /api/stripe/create-custom-token-checkout { tokenAmount }: the checkout page's url. */
export async function createTokenCheckout(tokenAmount: number): Promise<string> {
  return checkoutUrlOf(callRoute(billingRoutes.tokenCheckout, { body: { tokenAmount } }));
}

/** Starts a token purchase. The tokens arrive with the payment: the balance and the billing data are stale. */
export function useCreateTokenCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTokenCheckout,
    onSuccess: () => invalidateBilling(queryClient),
  });
}
