import { formatUsd } from '@/lib/format';
import { useAddedTokens } from '../api/get-added-tokens';
import type { AddedTokensRecord, AddedTokensSortKey } from '../api/types';
import type { UsageTable } from './usage-table-card';

/**
 * docs/product.md § Usage: tokens added (subscription renewals, purchases), with the columns Source,
 * Tokens Used, Payed (USD) and Date.
 */
export const ADDED_TOKENS_TABLE: UsageTable<AddedTokensRecord, AddedTokensSortKey> = {
  title: 'Added Tokens', defaultSortBy: 'date', useRows: useAddedTokens,
  columns: [
    { id: 'source', header: 'Source', cell: (row) => row.source, truncate: 60 },
    { id: 'tokens', header: 'Tokens Used', cell: (row) => row.tokens.toLocaleString(), align: 'end' },
    { id: 'payedUsd', header: 'Payed (USD)', cell: (row) => formatUsd(row.payedUsd, 2), align: 'end' },
    { id: 'date', header: 'Date', cell: (row) => new Date(row.date).toLocaleString() },
  ],
  emptyMessage: 'No tokens added yet.', failureMessage: 'Your added tokens could not be loaded.',
};
