import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentRoutes } from '@contract/documents';
import { callRoute } from '@/lib/api-route';
import { writeDocumentChange } from './document-cache';
import { documentChangeKey } from './query-keys';

/** PUT /api/document/{id}/overwrite-at-beginning: true once it answers ok (any other answer fails the call). */
export async function updateOverwritePosition(documentId: string, overwriteAtBeginning: boolean): Promise<boolean> {
  return (await callRoute(documentRoutes.setPlacement, { params: { id: documentId }, body: { overwriteAtBeginning } })).ok;
}

/** Resolves to whether the server took the new placement (kept only when it says ok: docs/product.md § Document details). */
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
