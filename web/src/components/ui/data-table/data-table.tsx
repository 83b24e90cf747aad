// A server-driven table (TanStack Table v8, manual sorting and paging): the server sorts and pages,
// this component only renders one page and reports what the user asks for.
//
//   const table = useTableQuery<'operation' | 'usedTokens' | 'date'>('date');
//   // fetch GET ...?page&pageSize&sortBy&sortOrder from table.query, then:
//   <DataTable {...table.bind} label="Token usage" columns={columns} data={rows} total={total} loading={loading} />
//
// - `columns`: one entry per column; `id` is the server's sort key (sent as sortBy), `header` the text,
//   `cell` renders a row; `truncate` cuts long text (full text on hover and for screen readers);
//   `nowrap` keeps an address on one line (never broken mid-word: cut with "…", the full text in `title`
//   and shown on focus); `sortable: false` opts out of sorting; `align: 'end'` for numbers. Keep the array stable
//   (module scope or useMemo).
// - `page` (1-based), `pageSize`, `sortBy`, `sortOrder`, `total` describe the data; the `on…` callbacks
//   report requests. The rules (toggle, new column starts asc, back to page 1) live in useTableQuery.
// - `loading`: skeleton rows when there is nothing to show yet, otherwise the shown page is dimmed.
// - `failure`: the load failed with no rows to show: the body says so with "Try again" (LoadFailed),
//   never the empty message.
// - On a screen too narrow for every column the table scrolls sideways and says which columns are out
//   of view ("Scroll for Tokens, Time and Status"), with a fade at the edge that has more.
// - `fit`: from 641 px up the table never scrolls sideways: columns take their `width` and the rest
//   share what is left (text wraps or is cut). `stacked`: up to 640 px each row is a card, each cell
//   under its column's name, the sortable headers a row of sort buttons above them.
// - `openRows`: a click anywhere on a row does what the row's `[data-row-open]` control does (a
//   button in one of its cells, which keyboard and screen-reader users reach as any button).
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type PaginationState, type SortingState, type Updater } from '@tanstack/react-table';
import { useMemo, useRef, type ReactNode } from 'react';
import { LoadFailed, type LoadFailure } from '../load-failed/load-failed';
import { DataTableFooter } from './data-table-footer';
import { openRowOnClick, SortIcon, Truncated } from './data-table-parts';
import { joinNames, useScrollHint } from './use-scroll-hint';
import { PAGE_SIZES } from '@contract/common';
import { nextSort, type TableQueryBinding } from './use-table-query';
import './data-table.css';
import './data-table-layouts.css';

export { Truncated } from './data-table-parts';

export type DataTableColumn<Row, SortKey extends string = string> = {
  /** The server's sort key for this column (sent as sortBy). */
  id: SortKey;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Cuts a string cell longer than this many characters and adds "…". */
  truncate?: number;
  /**
   * One line, never broken mid-word (addresses): cut with "…" (at `truncate` characters, and by CSS
   * when the column is narrower), the full text in `title` and shown when the cut text has the focus.
   */
  nowrap?: boolean;
  /** Default true. */
  sortable?: boolean;
  /** Default 'start'; 'end' for numbers. */
  align?: 'start' | 'end';
  /** The column's width (a CSS length) in a `fit` table; columns without one share the rest. */
  width?: string;
};

export type DataTableProps<Row, SortKey extends string> = TableQueryBinding<SortKey> & {
  columns: readonly DataTableColumn<Row, SortKey>[];
  /** The rows of the current page, as the server sent them. */
  data: readonly Row[];
  /** Rows on all pages. */
  total: number;
  loading: boolean;
  /** The table's accessible name: a text, or the id of a visible heading. */
  label?: string;
  labelledBy?: string;
  emptyMessage?: string;
  /** Set when the load failed and there is nothing to show. */
  failure?: LoadFailure | null;
  getRowId?: (row: Row, index: number) => string;
  pageSizeOptions?: readonly number[];
  /** No sideways scrolling from 641 px up (see the top of this file). */
  fit?: boolean;
  /** Rows as cards up to 640 px. */
  stacked?: boolean;
  /** A click on a row opens it, through its `[data-row-open]` control. */
  openRows?: boolean;
};

type ColumnMeta = { align: 'start' | 'end'; wrap: boolean; nowrap: boolean; width: string | undefined; label: string };

const SKELETON_ROWS_MAX = 10;

function resolve<T>(updater: Updater<T>, current: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;
}

export function DataTable<Row, SortKey extends string>({
  columns,
  data,
  total,
  loading,
  page,
  pageSize,
  sortBy,
  sortOrder,
  onSortChange,
  onPageChange,
  onPageSizeChange,
  label,
  labelledBy,
  emptyMessage = 'Nothing to show yet.',
  failure = null,
  getRowId,
  pageSizeOptions = PAGE_SIZES,
  fit = false,
  stacked = false,
  openRows = false,
}: DataTableProps<Row, SortKey>) {
  const scrollerRef = useRef<HTMLDivElement>(null);

  const columnDefs = useMemo<ColumnDef<Row>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        enableSorting: column.sortable ?? true,
        meta: {
          align: column.align ?? 'start',
          wrap: column.truncate !== undefined && !column.nowrap,
          nowrap: column.nowrap ?? false,
          width: column.width,
          label: column.header,
        } satisfies ColumnMeta,
        // The value is the rendered content; the server sorts, so TanStack never compares it.
        accessorFn: (row) => column.cell(row),
        cell: ({ getValue }) => {
          const content = getValue<ReactNode>();
          if (typeof content !== 'string' || (column.truncate === undefined && !column.nowrap)) return content;
          return <Truncated text={content} max={column.truncate ?? Number.POSITIVE_INFINITY} nowrap={column.nowrap ?? false} />;
        },
      })),
    [columns],
  );

  const sorting: SortingState = [{ id: sortBy, desc: sortOrder === 'desc' }];
  const pagination: PaginationState = { pageIndex: page - 1, pageSize };

  // TanStack's hook hands back functions that read its latest state; this component does not use the React Compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<Row>({
    data: data as Row[],
    columns: columnDefs,
    getCoreRowModel: getCoreRowModel(),
    ...(getRowId ? { getRowId } : {}),
    manualSorting: true,
    manualPagination: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: false,
    rowCount: total,
    state: { sorting, pagination },
    onSortingChange: (updater) => {
      const [next] = resolve(updater, sorting);
      if (next) onSortChange(next.id as SortKey, next.desc ? 'desc' : 'asc');
    },
    onPaginationChange: (updater) => {
      const next = resolve(updater, pagination);
      if (next.pageSize !== pageSize) onPageSizeChange(next.pageSize);
      else if (next.pageIndex !== pagination.pageIndex) onPageChange(next.pageIndex + 1);
    },
  });

  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const rows = table.getRowModel().rows;
  const showSkeleton = loading && rows.length === 0;
  const alignClass = (meta: unknown) => {
    const { align, wrap, nowrap } = (meta ?? {}) as Partial<ColumnMeta>;
    return `${align === 'end' ? ' data-table__cell--end' : ''}${wrap ? ' data-table__cell--wrap' : ''}${nowrap ? ' data-table__cell--nowrap' : ''}`;
  };

  const scrollHint = useScrollHint(scrollerRef, `${columns.map((column) => column.id).join()}|${rows.map((row) => row.id).join()}|${showSkeleton}`);

  let body: ReactNode;
  if (showSkeleton) {
    body = Array.from({ length: Math.min(pageSize, SKELETON_ROWS_MAX) }, (_, index) => (
      <tr key={`skeleton-${index}`} className="data-table__skeleton-row" aria-hidden="true">
        {headers.map((header) => (
          <td key={header.id} className="data-table__cell">
            <span className="data-table__skeleton" />
          </td>
        ))}
      </tr>
    ));
  } else if (rows.length === 0 && failure) {
    body = (
      <tr>
        <td className="data-table__empty" colSpan={Math.max(headers.length, 1)}>
          <LoadFailed {...failure} compact />
        </td>
      </tr>
    );
  } else if (rows.length === 0) {
    body = (
      <tr>
        <td className="data-table__empty" colSpan={Math.max(headers.length, 1)}>
          {emptyMessage}
        </td>
      </tr>
    );
  } else {
    body = rows.map((row) => (
      <tr key={row.id} className={openRows ? 'data-table__row--opens' : undefined} onClick={openRows ? openRowOnClick : undefined}>
        {row.getVisibleCells().map((cell) => (
          <td key={cell.id} className={`data-table__cell${alignClass(cell.column.columnDef.meta)}`}>
            {stacked ? (
              // The column's name beside the cell when rows are cards (shown by CSS on a phone only). Hidden
              // from assistive tech, which has the column headers, so the cell's name stays its content.
              <span className="data-table__label" aria-hidden="true">
                {(cell.column.columnDef.meta as ColumnMeta | undefined)?.label}
              </span>
            ) : null}
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        ))}
      </tr>
    ));
  }

  return (
    <div className={`data-table${loading && !showSkeleton ? ' data-table--stale' : ''}${fit ? ' data-table--fit' : ''}${stacked ? ' data-table--stacked' : ''}`}>
      {scrollHint.hidden.length > 0 ? (
        // A visual cue only: a screen reader reads every column anyway.
        <p className="data-table__scroll-hint" aria-hidden="true">
          Scroll for {joinNames(scrollHint.hidden)}
          <svg viewBox="0 0 16 16" focusable="false">
            <path d="M3 8h10M9.5 4.5 13 8l-3.5 3.5" />
          </svg>
        </p>
      ) : null}
      <div ref={scrollerRef} className={`data-table__scroll${scrollHint.moreRight ? ' data-table__scroll--more' : ''}`}>
        <table className="data-table__table" aria-label={label} aria-labelledby={labelledBy} aria-busy={loading}>
          <thead>
            <tr>
              {headers.map((header) => {
                const column = header.column;
                const order = column.getIsSorted();
                const canSort = column.getCanSort();
                const text = flexRender(column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={`data-table__head${alignClass(column.columnDef.meta)}${canSort ? '' : ' data-table__head--static'}`}
                    style={fit && (column.columnDef.meta as ColumnMeta | undefined)?.width ? { width: (column.columnDef.meta as ColumnMeta).width } : undefined}
                    aria-sort={canSort ? (order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : 'none') : undefined}
                  >
                    {canSort ? (
                      <button
                        type="button"
                        className={`data-table__sort${order ? ' data-table__sort--active' : ''}`}
                        onClick={() => column.toggleSorting(nextSort({ sortBy, sortOrder }, column.id as SortKey).sortOrder === 'desc')}
                      >
                        {text}
                        <SortIcon order={order} />
                      </button>
                    ) : (
                      text
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </table>
      </div>
      {loading ? (
        <span className="visually-hidden" role="status">
          Loading…
        </span>
      ) : null}
      <DataTableFooter
        page={page}
        pageSize={pageSize}
        total={total}
        pageSizeOptions={pageSizeOptions}
        onPageSize={(size) => table.setPageSize(size)}
        previous={table.getCanPreviousPage() ? () => table.previousPage() : null}
        next={table.getCanNextPage() ? () => table.nextPage() : null}
      />
    </div>
  );
}
