import type { DocumentCardPage, DocumentListQuery } from '../../domain/document-list.js';

/** One page of a user's live documents, as cards, with the number of matching documents. */
export interface DocumentListReader {
  page(ownerId: string, query: DocumentListQuery): Promise<DocumentCardPage>;
}

export const DOCUMENT_LIST_READER = Symbol('DocumentListReader');
