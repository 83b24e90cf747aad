import { inject, injectable } from 'tsyringe';
import { documentNotFound } from './find-owned-document.js';
import { DOCUMENT_DATA_ERASER, type DocumentDataEraser } from './ports/document-data-eraser.port.js';
import { DOCUMENT_REPOSITORY, type DocumentRepository } from './ports/document.repository.port.js';

/**
 * Deletes the document for good, in one transaction: its mail with whatever content it still holds, the
 * ledger's words about that mail (only amounts and dates stay), its Gmail forwarding confirmation, its
 * allow-list, its document in the local store and its row. The forward address stops at once (SMTP answers
 * 550 for it). A linked Google Doc stays in the user's Drive, as it is theirs.
 */
@injectable()
export class DeleteDocument {
  constructor(
    @inject(DOCUMENT_REPOSITORY) private readonly documents: DocumentRepository,
    @inject(DOCUMENT_DATA_ERASER) private readonly others: DocumentDataEraser,
  ) {}

  async execute(ownerId: string, id: string): Promise<void> {
    const deleted = await this.documents.delete(ownerId, id, (tx, document) => this.others.erase(tx, document));
    if (!deleted) throw documentNotFound();
  }
}
