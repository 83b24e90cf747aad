import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
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
  // Spec §7: this call also sends credentials (cookies).
  return api.post('createGoogleDoc', { json: input, credentials: 'include' }).json<DocumentListItem>();
}

export function useCreateDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDocument,
    onSuccess: (created) => writeCreatedDocument(queryClient, created),
  });
}
