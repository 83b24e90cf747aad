import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { subscriptionKeys } from '@/lib/query-keys';
import type { PlanType } from '@/lib/subscription-status';
import { toCheckoutUrl } from './types';

const PATH = 'stripe/create-checkout-session-subscritpion'; // sic: the spec's spelling (§7)

/** POST /api/stripe/create-checkout-session-subscritpion { priceType }: the checkout page's url. 409 when already subscribed. */
export async function createSubscriptionCheckout(priceType: PlanType): Promise<string> {
  return toCheckoutUrl(await api.post(PATH, { json: { priceType } }).json<unknown>(), `POST /api/${PATH}`);
}

/** Starts a subscription checkout. The subscription changes there: whatever is cached of it is stale. */
export function useCreateSubscriptionCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubscriptionCheckout,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
}
