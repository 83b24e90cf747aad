import { useTableRows } from '@/components/ui/data-table/table-rows';
import type { TableQuery } from '@/components/ui/data-table/use-table-query';
import { tokenRoutes } from '@contract/usage';
import { callRoute } from '@/lib/api-route';
import { usageKeys } from './query-keys';
import type { PagedList, TokenUsageRecord, TokenUsageSortKey } from './types';

/** GET /api/tokens/usage/table?page&pageSize&sortBy&sortOrder: one page of the token usage history. */
export async function getTokenUsage(query: TableQuery<TokenUsageSortKey>, signal?: AbortSignal): Promise<PagedList<TokenUsageRecord>> {
  return callRoute(tokenRoutes.usageTable, { query, signal });
}

/** The page `query` describes. */
export function useTokenUsage(query: TableQuery<TokenUsageSortKey>) {
  return useTableRows({ queryKey: usageKeys.tokenUsage(query), queryFn: ({ signal }) => getTokenUsage(query, signal), meta: { errorMessage: 'Could not load the token usage.' } });
}
