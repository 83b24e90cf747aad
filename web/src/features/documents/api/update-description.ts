import { documentRoutes } from '@contract/documents';
import { callRoute } from '@/lib/api-route';
import { useDocumentChange } from './use-document-change';

/** PUT /api/documents/{id}/updateDescription. */
export async function updateDescription(documentId: string, description: string): Promise<void> {
  await callRoute(documentRoutes.updateDescription, { params: { id: documentId }, body: { description } });
}

export function useUpdateDescription(documentId: string) {
  return useDocumentChange(documentId, updateDescription, (_answer, description) => ({ description }));
}
