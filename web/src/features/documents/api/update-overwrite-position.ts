import { documentRoutes } from '@contract/documents';
import { callRoute } from '@/lib/api-route';
import { useDocumentChange } from './use-document-change';

/** PUT /api/document/{id}/overwrite-at-beginning: true once it answers ok (any other answer fails the call). */
export async function updateOverwritePosition(documentId: string, overwriteAtBeginning: boolean): Promise<boolean> {
  return (await callRoute(documentRoutes.setPlacement, { params: { id: documentId }, body: { overwriteAtBeginning } })).ok;
}

/** Resolves to whether the server took the new placement (kept only when it says ok: docs/product.md § Document details). */
export function useUpdateOverwritePosition(documentId: string) {
  return useDocumentChange(documentId, updateOverwritePosition, (ok, overwriteAtBeginning) => (ok ? { overwriteAtBeginning } : null));
}
