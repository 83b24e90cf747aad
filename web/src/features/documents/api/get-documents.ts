import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentKeys } from './query-keys';
import type { DocumentListItem } from './types';

/** GET /api/google-docs: the user's documents, newest first. */
export async function getDocuments(signal?: AbortSignal): Promise<DocumentListItem[]> {
  return api.get('google-docs', signal ? { signal } : {}).json<DocumentListItem[]>();
}

export const documentsQueryOptions = () =>
  queryOptions({
    queryKey: documentKeys.list(),
    queryFn: ({ signal }) => getDocuments(signal),
    // Spec §8: a load failure is logged only.
    meta: { errorMessage: 'Could not load the documents.' },
  });
