import { useEffect, useState } from 'react';
import type { TableQuery } from '@/components/ui/data-table/use-table-query';
import type { PagedList } from '../api/types';

type Loaded<Row> = { key: string; rows: Row[]; total: number };

const keyOf = ({ page, pageSize, sortBy, sortOrder }: TableQuery) => `${page}|${pageSize}|${sortBy}|${sortOrder}`;

/**
 * Loads the page `query` describes, again whenever it changes; an answer for an older query is dropped.
 * Spec §8: a failure is logged only and ends the loading state; the rows shown before stay.
 */
export function usePagedRows<Row, SortKey extends string>(
  load: (query: TableQuery<SortKey>, signal: AbortSignal) => Promise<PagedList<Row>>,
  query: TableQuery<SortKey>,
  what: string,
) {
  const [loaded, setLoaded] = useState<Loaded<Row> | null>(null);
  const { page, pageSize, sortBy, sortOrder } = query;

  useEffect(() => {
    const controller = new AbortController();
    const request = { page, pageSize, sortBy, sortOrder };
    const key = keyOf(request);
    load(request, controller.signal).then(
      (list) => {
        if (!controller.signal.aborted) setLoaded({ key, rows: list.data, total: list.total });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn(`Could not load ${what}.`, error);
        setLoaded((previous) => ({ key, rows: previous?.rows ?? [], total: previous?.total ?? 0 }));
      },
    );
    return () => controller.abort();
  }, [load, page, pageSize, sortBy, sortOrder, what]);

  return { rows: loaded?.rows ?? [], total: loaded?.total ?? 0, loading: loaded?.key !== keyOf(query) };
}
