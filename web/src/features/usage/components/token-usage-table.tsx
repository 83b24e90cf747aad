import { DataTable, type DataTableColumn } from '@/components/ui/data-table/data-table';
import { useTableQuery } from '@/components/ui/data-table/use-table-query';
import { useTokenUsage } from '../api/get-token-usage';
import type { TokenUsageRecord, TokenUsageSortKey } from '../api/types';

const COLUMNS: DataTableColumn<TokenUsageRecord, TokenUsageSortKey>[] = [
  { id: 'operation', header: 'Operation', cell: (row) => row.operation, truncate: 60 },
  { id: 'usedTokens', header: 'Tokens Used', cell: (row) => row.usedTokens.toLocaleString(), align: 'end' },
  { id: 'date', header: 'Date', cell: (row) => new Date(row.date).toLocaleString() },
];

/** Spec §2 Usage (2): the token usage history, server-sorted and paged (default date, newest first). */
export function TokenUsageTable() {
  const table = useTableQuery<TokenUsageSortKey>('date');
  const { rows, total, loading, failed, retry, retrying } = useTokenUsage(table.query);

  return (
    <section className="card usage-card" aria-labelledby="token-usage-title">
      <div className="usage-card__header">
        <h2 id="token-usage-title" className="usage-card__title">
          Token Usage
        </h2>
      </div>
      <DataTable
        {...table.bind}
        labelledBy="token-usage-title"
        columns={COLUMNS}
        data={rows}
        total={total}
        loading={loading}
        emptyMessage="No token usage yet."
        failure={failed ? { message: 'Your token usage could not be loaded.', onRetry: retry, retrying } : null}
      />
    </section>
  );
}
