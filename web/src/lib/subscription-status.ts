// The signed-in user's subscription (GET /api/subscription/status): read by the subscription guard
// and the settings page. The answer is parsed with the HTTP contract: a malformed one fails the load.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscriptionRoutes, type SubscriptionState, type SubscriptionStatus } from '@contract/subscription';
import type { PlanType } from '@contract/billing';
import { callRoute } from './api-route';
import { subscriptionKeys } from './query-keys';

// The HTTP contract's types (src/contract).
export type { PlanType, SubscriptionState, SubscriptionStatus };

/** GET /api/subscription/status. */
export async function getSubscriptionStatus(signal?: AbortSignal): Promise<SubscriptionStatus> {
  return callRoute(subscriptionRoutes.subscriptionStatus, { signal });
}

export const subscriptionStatusQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.status(),
    queryFn: ({ signal }) => getSubscriptionStatus(signal),
    meta: { errorMessage: 'Could not load the subscription status.' },
  });

/** The subscription (the subscription guard, the settings page). A failed reload keeps the last answer. */
export function useSubscriptionStatus() {
  return useQuery(subscriptionStatusQueryOptions());
}

// In lib/prices, so the landing page can name the plans without loading this module and its schemas.
export { PLAN_NAMES } from './prices';
