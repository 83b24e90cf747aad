import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { hasMailFilters, mailFiltersOf, NO_MAIL_FILTERS, withMailFilters, type MailFilters } from '../utils/mail-filters';

/**
 * The mail filters of the page, read from and written to its URL query (utils/mail-filters). A change
 * replaces the history entry: Back leaves the page rather than stepping through each keystroke.
 */
export function useMailFilters() {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => mailFiltersOf(search), [search]);

  const setFilters = useCallback(
    (change: Partial<MailFilters>) => setSearch((current) => withMailFilters(current, { ...mailFiltersOf(current), ...change }), { replace: true }),
    [setSearch],
  );
  const clearFilters = useCallback(() => setFilters(NO_MAIL_FILTERS), [setFilters]);

  return { filters, setFilters, clearFilters, active: hasMailFilters(filters) };
}
