import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tableRowsOf } from '@/components/ui/data-table/table-rows';
import type { TableQuery } from '@/components/ui/data-table/use-table-query';
import { api } from '@/lib/api-client';
import { usageKeys } from './query-keys';
import { toPagedList, type PagedList, type TokenUsageRecord, type TokenUsageSortKey } from './types';

/** GET /api/tokens/usage/table?page&pageSize&sortBy&sortOrder: one page of the token usage history. */
export async function getTokenUsage(query: TableQuery<TokenUsageSortKey>, signal?: AbortSignal): Promise<PagedList<TokenUsageRecord>> {
  const body = await api.get('tokens/usage/table', { searchParams: { ...query }, ...(signal ? { signal } : {}) }).json<unknown>();
  return toPagedList<TokenUsageRecord>(body, 'GET /api/tokens/usage/table');
}

/** The page `query` describes; the previous page stays shown (as loading) until it arrives. */
export function useTokenUsage(query: TableQuery<TokenUsageSortKey>) {
  return tableRowsOf(
    useQuery({
      queryKey: usageKeys.tokenUsage(query),
      queryFn: ({ signal }) => getTokenUsage(query, signal),
      placeholderData: keepPreviousData,
      meta: { errorMessage: 'Could not load the token usage.' },
    }),
  );
}
