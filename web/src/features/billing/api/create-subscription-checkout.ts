import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingRoutes } from '@contract/billing';
import { callRoute } from '@/lib/api-route';
import { subscriptionKeys } from '@/lib/query-keys';
import type { PlanType } from '@/lib/subscription-status';
import { checkoutUrlOf } from './types';

/**
 * POST /api/stripe/create-checkout-session-subscritpion (sic: docs/product.md § Plans, prices and tokens)
 * { priceType }: the checkout page's url. 409 when already subscribed.
 */
export async function createSubscriptionCheckout(priceType: PlanType): Promise<string> {
  return checkoutUrlOf(callRoute(billingRoutes.subscriptionCheckout, { body: { priceType } }));
}

/** Starts a subscription checkout. The subscription changes there: whatever is cached of it is stale. */
export function useCreateSubscriptionCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubscriptionCheckout,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
}
