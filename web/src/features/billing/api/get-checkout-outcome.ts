import { useQuery } from '@tanstack/react-query';
import { billingRoutes } from '@contract/billing';
import { callRoute } from '@/lib/api-route';
import type { CheckoutOutcome } from './types';

/** While the provider has not confirmed the payment yet, asked again this often (a webhook's usual delay). */
const CONFIRMING_POLL_MS = 2_000;
/** Polled at most this long; past it the page keeps "may take a few minutes" and stops asking. */
const CONFIRMING_MAX_POLLS = 30;

/** GET /api/stripe/checkout/{sessionId}: what the checkout bought, and the tokens now. */
export async function getCheckoutOutcome(sessionId: string, signal?: AbortSignal): Promise<CheckoutOutcome> {
  return callRoute(billingRoutes.checkoutOutcome, { params: { sessionId }, signal });
}

/** Asked again every 2 s while the payment is being confirmed, so the page turns to "added" by itself. */
export function useCheckoutOutcome(sessionId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['checkout-outcome', sessionId],
    queryFn: ({ signal }) => getCheckoutOutcome(sessionId ?? '', signal),
    enabled: enabled && sessionId !== null,
    retry: 1,
    refetchInterval: (query) => (query.state.data?.status === 'open' && query.state.dataUpdateCount < CONFIRMING_MAX_POLLS ? CONFIRMING_POLL_MS : false),
  });
}
