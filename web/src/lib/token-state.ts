// The signed-in user's token balance (GET /api/tokens/state), shown by the sidebar's token panel.
// Anything that can change the balance (a purchase, a retried mail) invalidates tokenStateKeys.all.
// A failed load is logged and the last known values stay.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { tokenStateKeys } from './query-keys';

import type { TokenState } from '@contract/usage';

/** The balance as GET /api/tokens/state answers it (the HTTP contract's type). */
export type { TokenState };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function toTokenState(body: unknown): TokenState {
  const state = isRecord(body) ? body['tokenState'] : undefined;
  const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
  if (!isRecord(state)) throw new Error('GET /api/tokens/state answered without a tokenState.');
  const subscriptionTokens = count(state['subscriptionTokens']);
  const maxSubscriptionTokens = count(state['maxSubscriptionTokens']);
  const additionalTokens = count(state['additionalTokens']);
  if (subscriptionTokens === null || maxSubscriptionTokens === null || additionalTokens === null) {
    throw new Error('GET /api/tokens/state answered with a malformed tokenState.');
  }
  return { subscriptionTokens, maxSubscriptionTokens, additionalTokens, unlimited: state['unlimited'] === true };
}

/** GET /api/tokens/state. */
export async function getTokenState(signal?: AbortSignal): Promise<TokenState> {
  return toTokenState(await api.get('tokens/state', signal ? { signal } : {}).json<unknown>());
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
