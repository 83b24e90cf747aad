import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentRoutes } from '@contract/documents';
import { callRoute } from '@/lib/api-route';
import { writeDocumentChange } from './document-cache';
import { documentChangeKey } from './query-keys';

/** POST /api/addAllowedEmail/{id}/emails: the full updated list; 409 when the email is already on it. */
export async function addAllowedEmail(documentId: string, email: string): Promise<string[]> {
  return (await callRoute(documentRoutes.addAllowedEmail, { params: { id: documentId }, body: { email } })).emails;
}

export function useAddAllowedEmail(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: documentChangeKey(documentId),
    mutationFn: (email: string) => addAllowedEmail(documentId, email),
    onSuccess: (emails) => writeDocumentChange(queryClient, documentId, { emails }),
  });
}
