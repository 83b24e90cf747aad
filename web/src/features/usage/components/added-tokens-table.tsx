import { DataTable, type DataTableColumn } from '@/components/ui/data-table/data-table';
import { useTableQuery } from '@/components/ui/data-table/use-table-query';
import { formatUsd } from '@/lib/format';
import { useAddedTokens } from '../api/get-added-tokens';
import type { AddedTokensRecord, AddedTokensSortKey } from '../api/types';

// Spec §2: the usage table component with the columns Source, Tokens Used, Payed (USD) and Date.
const COLUMNS: DataTableColumn<AddedTokensRecord, AddedTokensSortKey>[] = [
  { id: 'source', header: 'Source', cell: (row) => row.source, truncate: 60 },
  { id: 'tokens', header: 'Tokens Used', cell: (row) => row.tokens.toLocaleString(), align: 'end' },
  { id: 'payedUsd', header: 'Payed (USD)', cell: (row) => formatUsd(row.payedUsd, 2), align: 'end' },
  { id: 'date', header: 'Date', cell: (row) => new Date(row.date).toLocaleString() },
];

/** Spec §2 Usage (3): tokens added (subscription renewals, purchases), with its own sort, page and page size. */
export function AddedTokensTable() {
  const table = useTableQuery<AddedTokensSortKey>('date');
  const { rows, total, loading, failed, retry, retrying } = useAddedTokens(table.query);

  return (
    <section className="card usage-card" aria-labelledby="added-tokens-title">
      <div className="usage-card__header">
        <h2 id="added-tokens-title" className="usage-card__title">
          Added Tokens
        </h2>
      </div>
      <DataTable
        {...table.bind}
        labelledBy="added-tokens-title"
        columns={COLUMNS}
        data={rows}
        total={total}
        loading={loading}
        emptyMessage="No tokens added yet."
        failure={failed ? { message: 'Your added tokens could not be loaded.', onRetry: retry, retrying } : null}
      />
    </section>
  );
}
