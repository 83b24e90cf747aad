import { documentRoutes } from '@contract/documents';
import { callRoute } from '@/lib/api-route';
import { useDocumentChange } from './use-document-change';

/** DELETE /api/deleteAllowedEmail/{id}/emails with a JSON body: the full updated list. */
export async function removeAllowedEmail(documentId: string, email: string): Promise<string[]> {
  return (await callRoute(documentRoutes.removeAllowedEmail, { params: { id: documentId }, body: { email } })).emails;
}

export function useRemoveAllowedEmail(documentId: string) {
  return useDocumentChange(documentId, removeAllowedEmail, (emails) => ({ emails }));
}
