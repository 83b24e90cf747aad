import { queryOptions } from '@tanstack/react-query';
import { documentRoutes } from '@contract/documents';
import { callName, callRoute } from '@/lib/api-route';
import { documentKeys } from './query-keys';
import type { DocumentListItem } from './types';

/** GET /api/google-docs without paging parameters: the user's documents, newest first. */
export async function getDocuments(signal?: AbortSignal): Promise<DocumentListItem[]> {
  const answer = await callRoute(documentRoutes.listDocuments, { signal });
  // The contract allows a page too (asked with paging parameters): not what was asked here.
  if (!Array.isArray(answer)) throw new Error(`${callName(documentRoutes.listDocuments)} answered a page where the whole list was asked for.`);
  return answer;
}

export const documentsQueryOptions = () =>
  queryOptions({
    queryKey: documentKeys.list(),
    queryFn: ({ signal }) => getDocuments(signal),
    // A load failure is logged only (docs/product.md § Messages and failures).
    meta: { errorMessage: 'Could not load the documents.' },
  });
