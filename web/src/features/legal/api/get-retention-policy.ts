import { queryOptions, useQuery } from '@tanstack/react-query';
import { retentionRoutes, type RetentionPolicy } from '@contract/retention';
import { callRoute } from '@/lib/api-route';
import { retentionPolicyKeys } from './query-keys';

export type { RetentionPolicy };

/**
 * GET /api/retention-policy: how long this installation keeps what it stores, as sentences the server
 * words from the same periods its retention job purges by. The page shows them as they are.
 */
export async function getRetentionPolicy(signal?: AbortSignal): Promise<RetentionPolicy> {
  return callRoute(retentionRoutes.retentionPolicy, { signal });
}

export const retentionPolicyQueryOptions = () =>
  queryOptions({
    queryKey: retentionPolicyKeys.all,
    queryFn: ({ signal }) => getRetentionPolicy(signal),
    // The operator's settings: fixed for the page load.
    staleTime: Infinity,
    meta: { errorMessage: 'Could not load the retention periods.' },
  });

export function useRetentionPolicy() {
  return useQuery(retentionPolicyQueryOptions());
}
