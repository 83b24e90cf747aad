import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tableRowsOf } from '@/components/ui/data-table/table-rows';
import type { TableQuery } from '@/components/ui/data-table/use-table-query';
import { api } from '@/lib/api-client';
import { usageKeys } from './query-keys';
import { toPagedList, type AddedTokensRecord, type AddedTokensSortKey, type PagedList } from './types';

/** GET /api/tokens/added/table?page&pageSize&sortBy&sortOrder: one page of the added-tokens history. */
export async function getAddedTokens(query: TableQuery<AddedTokensSortKey>, signal?: AbortSignal): Promise<PagedList<AddedTokensRecord>> {
  const body = await api.get('tokens/added/table', { searchParams: { ...query }, ...(signal ? { signal } : {}) }).json<unknown>();
  return toPagedList<AddedTokensRecord>(body, 'GET /api/tokens/added/table');
}

/** The page `query` describes; the previous page stays shown (as loading) until it arrives. */
export function useAddedTokens(query: TableQuery<AddedTokensSortKey>) {
  return tableRowsOf(
    useQuery({
      queryKey: usageKeys.addedTokens(query),
      queryFn: ({ signal }) => getAddedTokens(query, signal),
      placeholderData: keepPreviousData,
      meta: { errorMessage: 'Could not load the added tokens.' },
    }),
  );
}
