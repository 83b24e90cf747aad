// Which documents the list shows, and from where. Every account first reads one page of up to
// LIST_PAGE_SIZE cards. When that page holds them all (ordinary accounts), search and sort work on it
// here, at once, as they always did. When the account has more, the server searches, sorts and pages
// (the search is sent once the typing pauses).
import { useQuery } from '@tanstack/react-query';
import { documentPageQueryOptions } from '../api/get-document-page';
import type { DocumentsPageQuery } from '../api/types';
import { FIRST_PAGE, LIST_PAGE_SIZE, SEARCH_DEBOUNCE_MS, visibleDocuments, type DocumentSort } from '../utils/document-list';
import { useDebouncedValue } from './use-debounced-value';

export function useDocumentList(query: string, sort: DocumentSort, page: number) {
  const first = useQuery(documentPageQueryOptions(FIRST_PAGE));
  const serverSide = first.data !== undefined && first.data.total > first.data.data.length;
  const search = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const asked: DocumentsPageQuery = { ...(search ? { q: search } : {}), sortBy: sort, page, pageSize: LIST_PAGE_SIZE };
  const paged = useQuery({ ...documentPageQueryOptions(asked), enabled: serverSide });

  const shown = serverSide ? (paged.data?.data ?? []) : visibleDocuments(first.data?.data ?? [], query, sort);
  const total = serverSide ? (paged.data?.total ?? 0) : shown.length;
  return {
    first,
    paged,
    loading: first.isPending,
    empty: first.data?.total === 0,
    serverSide,
    shown,
    total,
    pageCount: serverSide ? Math.max(1, Math.ceil(total / LIST_PAGE_SIZE)) : 1,
    /** What the server was asked for differs from what shows: a page or a search is on its way. */
    updating: serverSide && (paged.isPlaceholderData || search !== query.trim()),
    /** The search the shown server page answers (the typed one once the typing paused). */
    search: serverSide ? search : query.trim(),
  };
}
