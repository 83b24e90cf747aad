import type { Transaction } from '../../../../shared/transaction.js';

/** The document being deleted, as the modules that keep data about it know it. */
export interface DeletedDocument {
  id: string;
  ownerId: string;
}

/**
 * What other modules keep about a document (its mail, with the ledger's words about that mail), erased in
 * the transaction that deletes the document, so the deletion commits whole or not at all. The mail module
 * answers it; the documents module cannot call it by name, as mail depends on documents.
 */
export interface DocumentDataEraser {
  erase(tx: Transaction, document: DeletedDocument): Promise<void>;
}

export const DOCUMENT_DATA_ERASER = Symbol('DocumentDataEraser');
