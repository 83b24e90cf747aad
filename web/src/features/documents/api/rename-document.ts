import { api } from '@/lib/api-client';

/** PUT /api/document/{id}/title: renames the document and its linked document. */
export async function renameDocument(documentId: string, title: string): Promise<void> {
  await api.put(`document/${encodeURIComponent(documentId)}/title`, { json: { title } });
}
