import type { QueryClient } from '@tanstack/react-query';

// Query keys of the server data several features show (lib/). Feature data has its keys in
// features/<f>/api/query-keys.ts. Exported, so server events can update or invalidate the cache.

export const publicConfigKeys = {
  all: ['public-config'] as const,
};

export const tokenStateKeys = {
  /** GET /api/tokens/state: the balance in the token panel. */
  all: ['token-state'] as const,
};

export const subscriptionKeys = {
  all: ['subscription'] as const,
  /** GET /api/subscription/status. */
  status: () => [...subscriptionKeys.all, 'status'] as const,
};

/**
 * After a change to what the user pays for or holds (a plan change, a cancellation or its undoing, a
 * purchase), the subscription and the token balance both reload in the background; the last answers stay
 * shown meanwhile.
 */
export function invalidateBilling(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
  void queryClient.invalidateQueries({ queryKey: tokenStateKeys.all });
}

export const priceKeys = {
  /** Every price read, billing's own (features/billing/api/query-keys.ts) included: a price change invalidates this. */
  all: ['prices'] as const,
  /** GET /api/stripe/prices: every price, as the landing page's pricing section shows them. */
  list: () => [...priceKeys.all, 'list'] as const,
};
