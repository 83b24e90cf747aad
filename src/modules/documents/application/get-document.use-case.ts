import { inject, injectable } from 'tsyringe';
import type { Document } from '../domain/document.js';
import { mustOwn } from './find-owned-document.js';
import { DOCUMENT_REPOSITORY, type DocumentRepository } from './ports/document.repository.port.js';

@injectable()
export class GetDocument {
  constructor(@inject(DOCUMENT_REPOSITORY) private readonly documents: DocumentRepository) {}

  /**
   * The wiring may hand this a cached repository (docs/architecture.md, "Caching"): the processed count is
   * read apart on every call, and that read is also the check that it is still the owner's live document.
   * Both at once.
   */
  async execute(ownerId: string, id: string): Promise<Document> {
    const [document, processedEmailsCount] = await Promise.all([this.documents.findOwned(ownerId, id), this.documents.processedCount(ownerId, id)]);
    return { ...mustOwn(processedEmailsCount === null ? null : document), processedEmailsCount: processedEmailsCount ?? 0 };
  }
}
