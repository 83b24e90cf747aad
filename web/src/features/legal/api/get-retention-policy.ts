import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { retentionPolicyKeys } from './query-keys';

import type { RetentionPolicy } from '@contract/retention';

export type { RetentionPolicy };

/**
 * GET /api/retention-policy: how long this installation keeps what it stores, as sentences the server
 * words from the same periods its retention job purges by. The page shows them as they are.
 */
export async function getRetentionPolicy(signal?: AbortSignal): Promise<Pick<RetentionPolicy, 'sentences' | 'accountDeletionKept'>> {
  const body = await api.get('retention-policy', signal ? { signal } : {}).json<Partial<RetentionPolicy>>();
  const { sentences, accountDeletionKept } = body;
  const isSentences = (value: unknown): value is string[] => Array.isArray(value) && value.every((sentence) => typeof sentence === 'string');
  if (!isSentences(sentences) || sentences.length === 0) throw new Error('GET /api/retention-policy answered without its sentences.');
  return { sentences, accountDeletionKept: isSentences(accountDeletionKept) ? accountDeletionKept : [] };
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
