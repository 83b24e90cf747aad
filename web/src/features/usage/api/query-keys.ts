// Query keys of the usage page. Exported, so server events (tokens used or added) can invalidate them.
import type { TableQuery } from '@/components/ui/data-table/use-table-query';
import type { ChartRange } from '../utils/usage-chart';
import type { AddedTokensSortKey, TokenUsageSortKey } from './types';

export const usageKeys = {
  all: ['usage'] as const,
  /** GET /api/tokens/usage/chart for the last `range` days. */
  chart: (range: ChartRange) => [...usageKeys.all, 'chart', range] as const,
  /** GET /api/tokens/usage/table. */
  tokenUsage: (query: TableQuery<TokenUsageSortKey>) => [...usageKeys.all, 'token-usage', query] as const,
  /** GET /api/tokens/added/table. */
  addedTokens: (query: TableQuery<AddedTokensSortKey>) => [...usageKeys.all, 'added-tokens', query] as const,
};
