// What DataTable needs from a paged query (useQuery with placeholderData: keepPreviousData): the rows,
// the total, whether the shown rows are still the previous query's, and whether the load failed with
// nothing to show (the table then says so and offers "Try again"; the failure is also logged by the
// query cache).
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';

export type TableRows<Row> = {
  rows: Row[];
  total: number;
  loading: boolean;
  /** The load failed and there are no rows to show (a failed background reload keeps the rows). */
  failed: boolean;
  /** Loads the same page again. */
  retry: () => void;
  /** True while a load runs (a retry included). */
  retrying: boolean;
};

export function tableRowsOf<List extends { data: unknown[]; total: number }>(result: UseQueryResult<List>): TableRows<List['data'][number]> {
  return {
    rows: result.data?.data ?? [],
    total: result.data?.total ?? 0,
    loading: result.isPending || result.isPlaceholderData,
    failed: result.isError && result.data === undefined,
    // cancelRefetch false: a second click joins the running load instead of starting over.
    retry: () => void result.refetch({ cancelRefetch: false }),
    retrying: result.isFetching,
  };
}

/** A table's paged query: the previous page stays shown (as loading) until the next one arrives. */
export function useTableRows<List extends { data: unknown[]; total: number }, Key extends QueryKey>(
  options: Omit<UseQueryOptions<List, Error, List, Key>, 'placeholderData'>,
): TableRows<List['data'][number]> {
  return tableRowsOf(useQuery({ ...options, placeholderData: keepPreviousData }));
}
