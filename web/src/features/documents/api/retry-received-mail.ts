import { api } from '@/lib/api-client';

/** POST /api/document/{id}/received-mails/{mailId}/retry: 202 for a failed mail, 409 MAIL.NOT_RETRYABLE otherwise. */
export async function retryReceivedMail(documentId: string, mailId: string): Promise<void> {
  await api.post(`document/${encodeURIComponent(documentId)}/received-mails/${encodeURIComponent(mailId)}/retry`);
}
