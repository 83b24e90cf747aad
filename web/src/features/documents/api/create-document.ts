import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentRoutes } from '@contract/documents';
import { callRoute } from '@/lib/api-route';
import { writeCreatedDocument } from './document-cache';
import type { DocumentListItem } from './types';

export type CreateDocumentInput = {
  /** Made by the browser (a uuid); a retry with the same id gets the same document. */
  documentId: string;
  docName: string;
  description: string;
  allowedEmails: string[];
};

/** POST /api/createGoogleDoc: creates the document and its linked document. */
export async function createDocument(input: CreateDocumentInput): Promise<DocumentListItem> {
  // This call also sends credentials (cookies): docs/product.md § Sign-in and the session.
  return callRoute(documentRoutes.createDocument, { body: input, credentials: 'include' });
}

export function useCreateDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDocument,
    onSuccess: (created) => writeCreatedDocument(queryClient, created),
  });
}
