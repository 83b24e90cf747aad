import { useId } from 'react';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table/data-table';
import type { TableRows } from '@/components/ui/data-table/table-rows';
import { useTableQuery, type TableQuery } from '@/components/ui/data-table/use-table-query';

/** What sets one history table of the usage page apart from the other. */
export type UsageTable<Row, SortKey extends string> = {
  title: string;
  defaultSortBy: SortKey;
  /** The query hook that loads one page. */
  useRows: (query: TableQuery<SortKey>) => TableRows<Row>;
  columns: readonly DataTableColumn<Row, SortKey>[];
  emptyMessage: string;
  /** Said in the table's body when the load failed with nothing to show. */
  failureMessage: string;
};

/** One card of the usage page holding a server-driven history table, with its own sort, page and page size. */
export function UsageTableCard<Row, SortKey extends string>({ table: spec }: { table: UsageTable<Row, SortKey> }) {
  const titleId = useId();
  const table = useTableQuery<SortKey>(spec.defaultSortBy);
  const { rows, total, loading, failed, retry, retrying } = spec.useRows(table.query);

  return (
    <section className="card card--stack usage-card" aria-labelledby={titleId}>
      <div className="split-row usage-card__header">
        <h2 id={titleId} className="usage-card__title">
          {spec.title}
        </h2>
      </div>
      <DataTable
        {...table.bind}
        labelledBy={titleId}
        columns={spec.columns}
        data={rows}
        total={total}
        loading={loading}
        emptyMessage={spec.emptyMessage}
        failure={failed ? { message: spec.failureMessage, onRetry: retry, retrying } : null}
      />
    </section>
  );
}
