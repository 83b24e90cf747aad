import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentRoutes } from '@contract/documents';
import { callRoute } from '@/lib/api-route';
import { documentKeys } from './query-keys';
import type { DocumentDetails } from './types';

/** GET /api/getDocumentDetails/{id}: 404 when the document is missing or someone else's. */
export async function getDocumentDetails(documentId: string, signal?: AbortSignal): Promise<DocumentDetails> {
  return callRoute(documentRoutes.documentDetails, { params: { id: documentId }, signal });
}

export const documentDetailsQueryOptions = (documentId: string) =>
  queryOptions({
    queryKey: documentKeys.details(documentId),
    queryFn: ({ signal }) => getDocumentDetails(documentId, signal),
    // A load failure is logged only (docs/product.md § Messages and failures) (a 404 shows the not-found text).
    meta: { errorMessage: 'Could not load the document details.' },
  });

export function useDocumentDetails(documentId: string) {
  return useQuery(documentDetailsQueryOptions(documentId));
}
