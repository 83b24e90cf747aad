import { useMutation, useQueryClient } from '@tanstack/react-query';
import { writeDocumentChange } from './document-cache';
import { documentChangeKey } from './query-keys';
import type { DocumentDetails } from './types';

/**
 * A change to one document from its details page. All of them share the document's mutation key (the
 * page tells from it that a save is under way), and what the server accepted is written into the cached
 * documents (document-cache.ts). `accepted` says what changed, or null when the server refused it.
 */
export function useDocumentChange<Value, Answer>(
  documentId: string,
  send: (documentId: string, value: Value) => Promise<Answer>,
  accepted: (answer: Answer, value: Value) => Partial<DocumentDetails> | null,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: documentChangeKey(documentId),
    mutationFn: (value: Value) => send(documentId, value),
    onSuccess: (answer, value) => {
      const change = accepted(answer, value);
      if (change !== null) writeDocumentChange(queryClient, documentId, change);
    },
  });
}
