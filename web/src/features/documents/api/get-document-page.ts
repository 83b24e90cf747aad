import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentKeys } from './query-keys';
import type { DocumentsPage, DocumentsPageQuery } from './types';

/** GET /api/google-docs?q&sortBy&page&pageSize: one page of document cards and the number of matches. */
export function getDocumentPage(query: DocumentsPageQuery, signal?: AbortSignal): Promise<DocumentsPage> {
  const searchParams = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) as Record<string, string | number>;
  return api.get('google-docs', { searchParams, ...(signal ? { signal } : {}) }).json<DocumentsPage>();
}

export const documentPageQueryOptions = (query: DocumentsPageQuery) =>
  queryOptions({
    queryKey: documentKeys.page(query),
    queryFn: ({ signal }) => getDocumentPage(query, signal),
    // The page on screen stays while the next one loads: paging and searching do not blank the grid.
    placeholderData: keepPreviousData,
    // Spec §8: a load failure is logged only.
    meta: { errorMessage: 'Could not load the documents.' },
  });
