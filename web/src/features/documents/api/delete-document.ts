import { api } from '@/lib/api-client';

/** DELETE /api/deleteGoogleDoc/{id}: unlinks the document (the linked document itself stays). */
export async function deleteDocument(documentId: string): Promise<void> {
  await api.delete(`deleteGoogleDoc/${encodeURIComponent(documentId)}`);
}
