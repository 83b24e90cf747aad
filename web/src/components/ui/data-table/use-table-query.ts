// The state rules of every server-driven table (docs/product.md § Tables), in one place:
// - default: the caller's sort key, descending, page 1, page size 5;
// - clicking the sorted column toggles asc/desc, a new column starts at asc;
// - any sort change or page-size change goes back to page 1.
// `DataTable` renders a query; this hook owns it. Documents and billing reuse both.
import { useCallback, useMemo, useReducer } from 'react';
import { DEFAULT_PAGE_SIZE, type SortOrder } from '@contract/common';

/** What the server is asked for: `GET ...?page&pageSize&sortBy&sortOrder` (page is 1-based). */
export type TableQuery<SortKey extends string = string> = {
  page: number;
  pageSize: number;
  sortBy: SortKey;
  sortOrder: SortOrder;
};

export type TableQueryAction<SortKey extends string> =
  | { type: 'sort'; sortBy: SortKey; sortOrder: SortOrder }
  | { type: 'page'; page: number }
  | { type: 'pageSize'; pageSize: number };

export function initialTableQuery<SortKey extends string>(defaultSortBy: SortKey): TableQuery<SortKey> {
  return { page: 1, pageSize: DEFAULT_PAGE_SIZE, sortBy: defaultSortBy, sortOrder: 'desc' };
}

/** The sort after a click on `column`'s header: the sorted column flips, another one starts at asc. */
export function nextSort<SortKey extends string>(
  current: Pick<TableQuery<SortKey>, 'sortBy' | 'sortOrder'>,
  column: SortKey,
): { sortBy: SortKey; sortOrder: SortOrder } {
  if (column === current.sortBy) return { sortBy: column, sortOrder: current.sortOrder === 'asc' ? 'desc' : 'asc' };
  return { sortBy: column, sortOrder: 'asc' };
}

export function tableQueryReducer<SortKey extends string>(
  state: TableQuery<SortKey>,
  action: TableQueryAction<SortKey>,
): TableQuery<SortKey> {
  switch (action.type) {
    case 'sort':
      if (action.sortBy === state.sortBy && action.sortOrder === state.sortOrder) return state;
      return { ...state, sortBy: action.sortBy, sortOrder: action.sortOrder, page: 1 };
    case 'page': {
      const page = Math.max(1, Math.floor(action.page));
      return page === state.page ? state : { ...state, page };
    }
    case 'pageSize':
      if (action.pageSize === state.pageSize) return state;
      return { ...state, pageSize: action.pageSize, page: 1 };
  }
}

/** The query props `DataTable` takes, ready to spread: `<DataTable {...table.bind} columns data total loading />`. */
export type TableQueryBinding<SortKey extends string> = TableQuery<SortKey> & {
  onSortChange: (sortBy: SortKey, sortOrder: SortOrder) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
};

export function useTableQuery<SortKey extends string>(defaultSortBy: SortKey) {
  const [query, dispatch] = useReducer(tableQueryReducer<SortKey>, defaultSortBy, initialTableQuery<SortKey>);

  const onSortChange = useCallback((sortBy: SortKey, sortOrder: SortOrder) => dispatch({ type: 'sort', sortBy, sortOrder }), []);
  const onPageChange = useCallback((page: number) => dispatch({ type: 'page', page }), []);
  const onPageSizeChange = useCallback((pageSize: number) => dispatch({ type: 'pageSize', pageSize }), []);

  const bind = useMemo<TableQueryBinding<SortKey>>(
    () => ({ ...query, onSortChange, onPageChange, onPageSizeChange }),
    [query, onSortChange, onPageChange, onPageSizeChange],
  );

  return { query, bind };
}
