import { documentRoutes } from '@contract/documents';
import { callRoute } from '@/lib/api-route';
import { useDocumentChange } from './use-document-change';

/** PUT /api/document/{id}/title: renames the document and its linked document. */
export async function renameDocument(documentId: string, title: string): Promise<void> {
  await callRoute(documentRoutes.renameDocument, { params: { id: documentId }, body: { title } });
}

export function useRenameDocument(documentId: string) {
  return useDocumentChange(documentId, renameDocument, (_answer, documentName) => ({ documentName }));
}
