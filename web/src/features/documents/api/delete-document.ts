import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { writeDeletedDocument } from './document-cache';

/** DELETE /api/deleteGoogleDoc/{id}: unlinks the document (the linked document itself stays). */
export async function deleteDocument(documentId: string): Promise<void> {
  await api.delete(`deleteGoogleDoc/${encodeURIComponent(documentId)}`);
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: (_answer, documentId) => writeDeletedDocument(queryClient, documentId),
  });
}
