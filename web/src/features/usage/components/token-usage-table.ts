import { useTokenUsage } from '../api/get-token-usage';
import type { TokenUsageRecord, TokenUsageSortKey } from '../api/types';
import type { UsageTable } from './usage-table-card';

/** docs/product.md § Usage: the token usage history, server-sorted and paged (default date, newest first). */
export const TOKEN_USAGE_TABLE: UsageTable<TokenUsageRecord, TokenUsageSortKey> = {
  title: 'Token Usage', defaultSortBy: 'date', useRows: useTokenUsage,
  columns: [
    { id: 'operation', header: 'Operation', cell: (row) => row.operation, truncate: 60 },
    { id: 'usedTokens', header: 'Tokens Used', cell: (row) => row.usedTokens.toLocaleString(), align: 'end' },
    { id: 'date', header: 'Date', cell: (row) => new Date(row.date).toLocaleString() },
  ],
  emptyMessage: 'No token usage yet.', failureMessage: 'Your token usage could not be loaded.',
};
