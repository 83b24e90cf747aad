import { api } from '@/lib/api-client';

/** POST /api/addAllowedEmail/{id}/emails: the full updated list; 409 when the email is already on it. */
export async function addAllowedEmail(documentId: string, email: string): Promise<string[]> {
  const body = await api.post(`addAllowedEmail/${encodeURIComponent(documentId)}/emails`, { json: { email } }).json<{ emails: string[] }>();
  return body.emails;
}
