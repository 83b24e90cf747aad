import { inject, injectable } from 'tsyringe';
import { DOCUMENT_DATA_ERASER, type DocumentDataEraser } from './ports/document-data-eraser.port.js';
import { DOCUMENT_REPOSITORY, type DocumentRepository } from './ports/document.repository.port.js';

/**
 * Documents deleted before deletion erased anything (an earlier version only hid them) are erased as
 * `DeleteDocument` erases one now: the retention job calls this, a bounded batch at a time, until none is left.
 */
@injectable()
export class EraseHiddenDocuments {
  constructor(
    @inject(DOCUMENT_REPOSITORY) private readonly documents: DocumentRepository,
    @inject(DOCUMENT_DATA_ERASER) private readonly others: DocumentDataEraser,
  ) {}

  execute(limit: number): Promise<number> {
    return this.documents.eraseHidden(limit, (tx, document) => this.others.erase(tx, document));
  }
}
