// The signed-in user's token balance (GET /api/tokens/state), shown by the sidebar's token panel.
// Anything that can change the balance (a purchase, a retried mail) invalidates tokenStateKeys.all.
// A failed load is logged and the last known values stay. It also says how many mails wait for tokens,
// which turns the panel to an alert and shows the banner (token-banner.tsx).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LOW_BALANCE_SHARE, tokenRoutes, type TokenState } from '@contract/usage';
import { callRoute } from './api-route';
import { tokenStateKeys } from './query-keys';

/** The balance as GET /api/tokens/state answers it (the HTTP contract's type). */
export type { TokenState };

/**
 * How urgent the balance is: `alert` when nothing is left or mail waits for tokens, `warning` at or
 * below 10% of the period's allowance left, else `normal` (and always with billing off).
 */
export type TokenLevel = 'normal' | 'warning' | 'alert';

export function tokensLeft(state: Pick<TokenState, 'subscriptionTokens' | 'additionalTokens'>): number {
  return state.subscriptionTokens + state.additionalTokens;
}

export function tokenLevel(state: TokenState): TokenLevel {
  if (state.unlimited) return 'normal';
  const left = tokensLeft(state);
  if (state.heldMails > 0 || left <= 0) return 'alert';
  if (state.maxSubscriptionTokens > 0 && left <= state.maxSubscriptionTokens * LOW_BALANCE_SHARE) return 'warning';
  return 'normal';
}

/** "1 mail waiting" / "3 mails waiting". */
export function heldMailsText(count: number): string {
  return `${count.toLocaleString()} ${count === 1 ? 'mail' : 'mails'} waiting`;
}

/** GET /api/tokens/state. */
export async function getTokenState(signal?: AbortSignal): Promise<TokenState> {
  return (await callRoute(tokenRoutes.tokenState, { signal })).tokenState;
}

export const tokenStateQueryOptions = () =>
  queryOptions({
    queryKey: tokenStateKeys.all,
    queryFn: ({ signal }) => getTokenState(signal),
    // Anything may have used tokens since (a processed mail): every page change and return reloads it.
    staleTime: 0,
    meta: { errorMessage: 'Could not load the token state; keeping the last values.' },
  });

/** The balance. A failed reload keeps the last values (TanStack Query keeps the data of a failed refetch). */
export function useTokenState() {
  return useQuery(tokenStateQueryOptions());
}
