import { describe, expect, it } from 'vitest';
import { initialTableQuery, nextSort, tableQueryReducer, type TableQuery } from '../use-table-query';

type Key = 'name' | 'date';

const at = (overrides: Partial<TableQuery<Key>> = {}): TableQuery<Key> => ({ ...initialTableQuery<Key>('date'), ...overrides });

describe('table query rules', () => {
  it('starts on the given sort key, descending, page 1, 5 rows per page', () => {
    expect(initialTableQuery('date')).toEqual({ page: 1, pageSize: 5, sortBy: 'date', sortOrder: 'desc' });
  });

  it('toggles the order when the sorted column is clicked again', () => {
    expect(nextSort(at({ sortBy: 'date', sortOrder: 'desc' }), 'date')).toEqual({ sortBy: 'date', sortOrder: 'asc' });
    expect(nextSort(at({ sortBy: 'date', sortOrder: 'asc' }), 'date')).toEqual({ sortBy: 'date', sortOrder: 'desc' });
  });

  it('starts a newly sorted column at ascending', () => {
    expect(nextSort(at({ sortBy: 'date', sortOrder: 'desc' }), 'name')).toEqual({ sortBy: 'name', sortOrder: 'asc' });
    expect(nextSort(at({ sortBy: 'date', sortOrder: 'asc' }), 'name')).toEqual({ sortBy: 'name', sortOrder: 'asc' });
  });

  it('goes back to page 1 on a sort change', () => {
    expect(tableQueryReducer(at({ page: 4 }), { type: 'sort', sortBy: 'name', sortOrder: 'asc' })).toEqual(at({ page: 1, sortBy: 'name', sortOrder: 'asc' }));
    expect(tableQueryReducer(at({ page: 4 }), { type: 'sort', sortBy: 'date', sortOrder: 'asc' })).toEqual(at({ page: 1, sortOrder: 'asc' }));
  });

  it('goes back to page 1 on a page-size change', () => {
    expect(tableQueryReducer(at({ page: 3 }), { type: 'pageSize', pageSize: 25 })).toEqual(at({ page: 1, pageSize: 25 }));
  });

  it('keeps the sort and the page size when the page changes', () => {
    const state = at({ sortBy: 'name', sortOrder: 'asc', pageSize: 10 });
    expect(tableQueryReducer(state, { type: 'page', page: 2 })).toEqual({ ...state, page: 2 });
  });

  it('never goes below page 1', () => {
    expect(tableQueryReducer(at({ page: 1 }), { type: 'page', page: 0 }).page).toBe(1);
  });

  it('returns the same state for a request that changes nothing', () => {
    const state = at({ page: 3 });
    expect(tableQueryReducer(state, { type: 'page', page: 3 })).toBe(state);
    expect(tableQueryReducer(state, { type: 'pageSize', pageSize: 5 })).toBe(state);
    expect(tableQueryReducer(state, { type: 'sort', sortBy: 'date', sortOrder: 'desc' })).toBe(state);
  });
});
