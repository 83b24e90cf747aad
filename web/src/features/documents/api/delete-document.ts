import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentRoutes } from '@contract/documents';
import { callRoute } from '@/lib/api-route';
import { writeDeletedDocument } from './document-cache';

/** DELETE /api/deleteGoogleDoc/{id}: unlinks the document (the linked document itself stays). */
export async function deleteDocument(documentId: string): Promise<void> {
  await callRoute(documentRoutes.deleteDocument, { params: { id: documentId } });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: (_answer, documentId) => writeDeletedDocument(queryClient, documentId),
  });
}
