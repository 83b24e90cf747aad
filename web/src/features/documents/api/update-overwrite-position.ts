import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { writeDocumentChange } from './document-cache';
import { documentChangeKey } from './query-keys';

/** PUT /api/document/{id}/overwrite-at-beginning: true when it answers ok. */
export async function updateOverwritePosition(documentId: string, overwriteAtBeginning: boolean): Promise<boolean> {
  const body = await api
    .put(`document/${encodeURIComponent(documentId)}/overwrite-at-beginning`, { json: { overwriteAtBeginning } })
    .json<{ ok?: unknown }>();
  return body.ok === true;
}

/** Resolves to whether the server took the new placement (spec §4: kept only when it says ok). */
export function useUpdateOverwritePosition(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: documentChangeKey(documentId),
    mutationFn: (overwriteAtBeginning: boolean) => updateOverwritePosition(documentId, overwriteAtBeginning),
    onSuccess: (ok, overwriteAtBeginning) => {
      if (ok) writeDocumentChange(queryClient, documentId, { overwriteAtBeginning });
    },
  });
}
