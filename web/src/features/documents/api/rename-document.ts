import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentRoutes } from '@contract/documents';
import { callRoute } from '@/lib/api-route';
import { writeDocumentChange } from './document-cache';
import { documentChangeKey } from './query-keys';

/** PUT /api/document/{id}/title: renames the document and its linked document. */
export async function renameDocument(documentId: string, title: string): Promise<void> {
  await callRoute(documentRoutes.renameDocument, { params: { id: documentId }, body: { title } });
}

export function useRenameDocument(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: documentChangeKey(documentId),
    mutationFn: (title: string) => renameDocument(documentId, title),
    onSuccess: (_answer, documentName) => writeDocumentChange(queryClient, documentId, { documentName }),
  });
}
