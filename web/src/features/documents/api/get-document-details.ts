import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentKeys } from './query-keys';
import type { DocumentDetails } from './types';

/** GET /api/getDocumentDetails/{id}: 404 when the document is missing or someone else's. */
export async function getDocumentDetails(documentId: string, signal?: AbortSignal): Promise<DocumentDetails> {
  return api.get(`getDocumentDetails/${encodeURIComponent(documentId)}`, signal ? { signal } : {}).json<DocumentDetails>();
}

export const documentDetailsQueryOptions = (documentId: string) =>
  queryOptions({
    queryKey: documentKeys.details(documentId),
    queryFn: ({ signal }) => getDocumentDetails(documentId, signal),
    // Spec §8: a load failure is logged only (a 404 shows the not-found text).
    meta: { errorMessage: 'Could not load the document details.' },
  });

export function useDocumentDetails(documentId: string) {
  return useQuery(documentDetailsQueryOptions(documentId));
}
