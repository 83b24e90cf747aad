import { useEffect } from 'react';
import { useTableQuery } from '@/components/ui/data-table/use-table-query';
import type { MailFilters } from '../utils/mail-filters';
import { useMailFilters } from './use-mail-filters';

export type MailTableQuery<ColumnId extends string> = ReturnType<typeof useTableQuery<ColumnId>> & {
  filters: MailFilters;
  setFilters: (change: Partial<MailFilters>) => void;
  clearFilters: () => void;
  /** Some filter is set. */
  active: boolean;
};

/** A mail table's sort and page, and the mail filters in the URL; new filters show the first page. */
export function useMailTableQuery<ColumnId extends string>(defaultSortBy: ColumnId): MailTableQuery<ColumnId> {
  const table = useTableQuery<ColumnId>(defaultSortBy);
  const mailFilters = useMailFilters();

  const { onPageChange } = table.bind;
  const { q, status, from, to } = mailFilters.filters;
  const filterKey = `${q}|${status}|${from}|${to}`;
  useEffect(() => onPageChange(1), [filterKey, onPageChange]);

  return { ...table, ...mailFilters };
}

