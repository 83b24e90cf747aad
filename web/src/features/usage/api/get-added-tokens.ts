import { useTableRows } from '@/components/ui/data-table/table-rows';
import type { TableQuery } from '@/components/ui/data-table/use-table-query';
import { tokenRoutes } from '@contract/usage';
import { callRoute } from '@/lib/api-route';
import { usageKeys } from './query-keys';
import type { AddedTokensRecord, AddedTokensSortKey, PagedList } from './types';

/** GET /api/tokens/added/table?page&pageSize&sortBy&sortOrder: one page of the added-tokens history. */
export async function getAddedTokens(query: TableQuery<AddedTokensSortKey>, signal?: AbortSignal): Promise<PagedList<AddedTokensRecord>> {
  return callRoute(tokenRoutes.addedTable, { query, signal });
}

/** The page `query` describes. */
export function useAddedTokens(query: TableQuery<AddedTokensSortKey>) {
  return useTableRows({ queryKey: usageKeys.addedTokens(query), queryFn: ({ signal }) => getAddedTokens(query, signal), meta: { errorMessage: 'Could not load the added tokens.' } });
}
