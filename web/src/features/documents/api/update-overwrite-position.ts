import { api } from '@/lib/api-client';

/** PUT /api/document/{id}/overwrite-at-beginning: true when it answers ok. */
export async function updateOverwritePosition(documentId: string, overwriteAtBeginning: boolean): Promise<boolean> {
  const body = await api
    .put(`document/${encodeURIComponent(documentId)}/overwrite-at-beginning`, { json: { overwriteAtBeginning } })
    .json<{ ok?: unknown }>();
  return body.ok === true;
}
