import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { documentRoutes } from '@contract/documents';
import { callName, callRoute } from '@/lib/api-route';
import { documentKeys } from './query-keys';
import type { DocumentsPage, DocumentsPageQuery } from './types';

/** GET /api/google-docs?q&sortBy&page&pageSize: one page of document cards and the number of matches. */
export async function getDocumentPage(query: DocumentsPageQuery, signal?: AbortSignal): Promise<DocumentsPage> {
  const { q, ...paging } = query;
  const answer = await callRoute(documentRoutes.listDocuments, { query: { ...paging, ...(q ? { q } : {}) }, signal });
  // The contract allows the whole list too (asked without paging parameters): not what was asked here.
  if (Array.isArray(answer)) throw new Error(`${callName(documentRoutes.listDocuments)} answered the whole list where a page was asked for.`);
  return answer;
}

export const documentPageQueryOptions = (query: DocumentsPageQuery) =>
  queryOptions({
    queryKey: documentKeys.page(query),
    queryFn: ({ signal }) => getDocumentPage(query, signal),
    // The page on screen stays while the next one loads: paging and searching do not blank the grid.
    placeholderData: keepPreviousData,
    // A load failure is logged only (docs/product.md § Messages and failures).
    meta: { errorMessage: 'Could not load the documents.' },
  });
