import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentRoutes, type DocumentTabsResponse } from '@contract/documents';
import { callRoute } from '@/lib/api-route';
import { documentTabsKey } from './get-document-tabs';
import { documentChangeKey } from './query-keys';

/** PUT /api/document/{id}/tab: true once it answers ok (any other answer fails the call). */
export async function setDocumentTab(documentId: string, tabId: string): Promise<boolean> {
  return (await callRoute(documentRoutes.setDocumentTab, { params: { id: documentId }, body: { tabId } })).ok;
}

/** Resolves to whether the server took the tab; only then does the choice show it. */
export function useSetDocumentTab(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: documentChangeKey(documentId),
    mutationFn: (tabId: string) => setDocumentTab(documentId, tabId),
    onSuccess: (ok, tabId) => {
      if (!ok) return;
      queryClient.setQueryData<DocumentTabsResponse>(documentTabsKey(documentId), (tabs) => tabs && { ...tabs, tabId, chosenTabMissing: false });
    },
  });
}
