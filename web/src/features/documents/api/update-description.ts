import { api } from '@/lib/api-client';

/** PUT /api/documents/{id}/updateDescription. */
export async function updateDescription(documentId: string, description: string): Promise<void> {
  await api.put(`documents/${encodeURIComponent(documentId)}/updateDescription`, { json: { description } });
}
