import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentRoutes } from '@contract/documents';
import { callRoute } from '@/lib/api-route';
import { writeDocumentChange } from './document-cache';
import { documentChangeKey } from './query-keys';

/** PUT /api/documents/{id}/updateDescription. */
export async function updateDescription(documentId: string, description: string): Promise<void> {
  await callRoute(documentRoutes.updateDescription, { params: { id: documentId }, body: { description } });
}

export function useUpdateDescription(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: documentChangeKey(documentId),
    mutationFn: (description: string) => updateDescription(documentId, description),
    onSuccess: (_answer, description) => writeDocumentChange(queryClient, documentId, { description }),
  });
}
