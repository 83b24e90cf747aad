import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { writeDocumentChange } from './document-cache';
import { documentChangeKey } from './query-keys';

/** DELETE /api/deleteAllowedEmail/{id}/emails with a JSON body: the full updated list. */
export async function removeAllowedEmail(documentId: string, email: string): Promise<string[]> {
  const body = await api.delete(`deleteAllowedEmail/${encodeURIComponent(documentId)}/emails`, { json: { email } }).json<{ emails: string[] }>();
  return body.emails;
}

export function useRemoveAllowedEmail(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: documentChangeKey(documentId),
    mutationFn: (email: string) => removeAllowedEmail(documentId, email),
    onSuccess: (emails) => writeDocumentChange(queryClient, documentId, { emails }),
  });
}
