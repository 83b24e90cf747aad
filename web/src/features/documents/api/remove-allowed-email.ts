import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentRoutes } from '@contract/documents';
import { callRoute } from '@/lib/api-route';
import { writeDocumentChange } from './document-cache';
import { documentChangeKey } from './query-keys';

/** DELETE /api/deleteAllowedEmail/{id}/emails with a JSON body: the full updated list. */
export async function removeAllowedEmail(documentId: string, email: string): Promise<string[]> {
  return (await callRoute(documentRoutes.removeAllowedEmail, { params: { id: documentId }, body: { email } })).emails;
}

export function useRemoveAllowedEmail(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: documentChangeKey(documentId),
    mutationFn: (email: string) => removeAllowedEmail(documentId, email),
    onSuccess: (emails) => writeDocumentChange(queryClient, documentId, { emails }),
  });
}
