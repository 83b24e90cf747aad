import { inject, injectable } from 'tsyringe';
import type { Transaction } from '../../../shared/transaction.js';
import type { Document } from '../domain/document.js';
import type { DocumentPart } from '../domain/document-part.js';
import { DOCUMENT_PART_REPOSITORY, type DocumentPartRepository } from './ports/document-part.repository.port.js';
import { DOCUMENT_DATA_ERASER, type DocumentDataEraser } from './ports/document-data-eraser.port.js';
import { DOCUMENT_REPOSITORY, type DocumentRepository } from './ports/document.repository.port.js';

/**
 * An account's documents, for its export and its deletion. The deletion erases each document exactly as
 * `DeleteDocument` does (its mail, the ledger's words about it, its allow-list, its local document), in the
 * account deletion's transaction.
 */
@injectable()
export class OwnerDocuments {
  constructor(
    @inject(DOCUMENT_REPOSITORY) private readonly documents: DocumentRepository,
    @inject(DOCUMENT_DATA_ERASER) private readonly others: DocumentDataEraser,
    @inject(DOCUMENT_PART_REPOSITORY) private readonly parts: DocumentPartRepository,
  ) {}

  list(ownerId: string): Promise<Document[]> {
    return this.documents.listOwned(ownerId);
  }

  /** The parts of each continued document among `ids` (the export); a document that never continued has none. */
  async partsOf(ownerId: string, ids: readonly string[]): Promise<Map<string, DocumentPart[]>> {
    return new Map(await Promise.all(ids.map(async (id) => [id, await this.parts.list(ownerId, id)] as const)));
  }

  /** In `tx`; answers the erased ids, for `afterErasure` once the transaction has committed. */
  eraseIn(tx: Transaction, ownerId: string): Promise<string[]> {
    return this.documents.eraseAllOwned(tx, ownerId, (inner, document) => this.others.erase(inner, document));
  }

  afterErasure(ownerId: string, ids: string[]): Promise<void> {
    return this.documents.erasureCommitted(ownerId, ids);
  }
}
