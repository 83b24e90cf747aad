import { documentRoutes } from '@contract/documents';
import { callRoute } from '@/lib/api-route';
import { useDocumentChange } from './use-document-change';

/** POST /api/addAllowedEmail/{id}/emails: the full updated list; 409 when the email is already on it. */
export async function addAllowedEmail(documentId: string, email: string): Promise<string[]> {
  return (await callRoute(documentRoutes.addAllowedEmail, { params: { id: documentId }, body: { email } })).emails;
}

export function useAddAllowedEmail(documentId: string) {
  return useDocumentChange(documentId, addAllowedEmail, (emails) => ({ emails }));
}
