import { api } from '@/lib/api-client';

/** DELETE /api/deleteAllowedEmail/{id}/emails with a JSON body: the full updated list. */
export async function removeAllowedEmail(documentId: string, email: string): Promise<string[]> {
  const body = await api.delete(`deleteAllowedEmail/${encodeURIComponent(documentId)}/emails`, { json: { email } }).json<{ emails: string[] }>();
  return body.emails;
}
