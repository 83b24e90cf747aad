import { useQuery } from '@tanstack/react-query';
import type { CheckoutOutcome } from '@contract/billing';
import { api } from '@/lib/api-client';
import { isRecord } from '@/lib/answer-checks';

/** While the provider has not confirmed the payment yet, asked again this often (a webhook's usual delay). */
const CONFIRMING_POLL_MS = 2_000;
/** Polled at most this long; past it the page keeps "may take a few minutes" and stops asking. */
const CONFIRMING_MAX_POLLS = 30;

function toOutcome(body: unknown): CheckoutOutcome {
  const balance = isRecord(body) ? body['balance'] : null;
  if (
    !isRecord(body) ||
    !isRecord(balance) ||
    typeof body['sessionId'] !== 'string' ||
    (body['kind'] !== 'subscription' && body['kind'] !== 'tokens' && body['kind'] !== 'card') ||
    typeof body['tokens'] !== 'number' ||
    typeof body['total'] !== 'number' ||
    (body['status'] !== 'open' && body['status'] !== 'completed' && body['status'] !== 'cancelled') ||
    typeof balance['subscriptionTokens'] !== 'number' ||
    typeof balance['additionalTokens'] !== 'number'
  ) {
    throw new Error('GET /api/stripe/checkout answered in an unexpected shape.');
  }
  return body as CheckoutOutcome;
}

/** GET /api/stripe/checkout/{sessionId}: what the checkout bought, and the tokens now. */
export async function getCheckoutOutcome(sessionId: string, signal?: AbortSignal): Promise<CheckoutOutcome> {
  return toOutcome(await api.get(`stripe/checkout/${encodeURIComponent(sessionId)}`, { signal }).json<unknown>());
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
