import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentRoutes, type DocumentTabsResponse } from '@contract/documents';
import { callRoute } from '@/lib/api-route';
import { documentKeys } from './query-keys';

/** Under the document's details: whatever refreshes the details reads the tabs again too. */
export const documentTabsKey = (documentId: string) => [...documentKeys.details(documentId), 'tabs'] as const;

/** GET /api/document/{id}/tabs: the linked document's tabs and the one summaries go to. */
export async function getDocumentTabs(documentId: string, signal?: AbortSignal): Promise<DocumentTabsResponse> {
  return callRoute(documentRoutes.documentTabs, { params: { id: documentId }, signal });
}

export const documentTabsQueryOptions = (documentId: string) =>
  queryOptions({
    queryKey: documentTabsKey(documentId),
    queryFn: ({ signal }) => getDocumentTabs(documentId, signal),
    // The user adds, renames and deletes tabs in Google Docs: every return to the page asks again.
    staleTime: 0,
    meta: { errorMessage: 'Could not load the tabs of the linked document.' },
  });

/** Loaded with the settings; a load failure shows a hint in place of the choice. */
export function useDocumentTabs(documentId: string) {
  return useQuery(documentTabsQueryOptions(documentId));
}
