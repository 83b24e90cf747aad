import { inject, injectable } from 'tsyringe';
import { documentNotFound } from './find-owned-document.js';
import { DOCUMENT_REPOSITORY, type DocumentRepository } from './ports/document.repository.port.js';

/**
 * Unlinks: the forward address stops at once and the document leaves the list, but the user's linked
 * document stays where it is, because it is their data.
 */
@injectable()
export class DeleteDocument {
  constructor(@inject(DOCUMENT_REPOSITORY) private readonly documents: DocumentRepository) {}

  async execute(ownerId: string, id: string): Promise<void> {
    if (!(await this.documents.delete(ownerId, id))) throw documentNotFound();
  }
}
