import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentKeys } from './query-keys';
import type { DocumentListItem, DocumentsPage, DocumentsPageQuery } from './types';

/** A whole list as one page (an older server ignores the paging parameters). */
function asPage(items: DocumentListItem[], query: DocumentsPageQuery): DocumentsPage {
  const data = items.map(({ documentId, documentName, emails, forwardEmail, documentUrl, createdAt }) => ({
    documentId,
    documentName,
    allowedEmailsCount: emails.length,
    forwardEmail,
    documentUrl,
    createdAt,
  }));
  return { data, total: data.length, page: 1, pageSize: Math.max(query.pageSize ?? data.length, data.length) };
}

/** GET /api/google-docs?q&sortBy&page&pageSize: one page of document cards and the number of matches. */
export async function getDocumentPage(query: DocumentsPageQuery, signal?: AbortSignal): Promise<DocumentsPage> {
  const searchParams = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) as Record<string, string | number>;
  const answer = await api.get('google-docs', { searchParams, ...(signal ? { signal } : {}) }).json<DocumentsPage | DocumentListItem[]>();
  return Array.isArray(answer) ? asPage(answer, query) : answer;
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
