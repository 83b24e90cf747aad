import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentTabsResponse } from '@contract/documents';
import { api } from '@/lib/api-client';
import { documentTabsKey } from './get-document-tabs';
import { documentChangeKey } from './query-keys';

/** PUT /api/document/{id}/tab: true when it answers ok. */
export async function setDocumentTab(documentId: string, tabId: string): Promise<boolean> {
  const body = await api.put(`document/${encodeURIComponent(documentId)}/tab`, { json: { tabId } }).json<{ ok?: unknown }>();
  return body.ok === true;
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
