import type { TableQuery } from '@/components/ui/data-table/use-table-query';
import { api } from '@/lib/api-client';
import { toPagedList, type PagedList, type TokenUsageRecord, type TokenUsageSortKey } from './types';

/** GET /api/tokens/usage/table?page&pageSize&sortBy&sortOrder: one page of the token usage history. */
export async function getTokenUsage(query: TableQuery<TokenUsageSortKey>, signal?: AbortSignal): Promise<PagedList<TokenUsageRecord>> {
  const body = await api.get('tokens/usage/table', { searchParams: { ...query }, ...(signal ? { signal } : {}) }).json<unknown>();
  return toPagedList<TokenUsageRecord>(body, 'GET /api/tokens/usage/table');
}
