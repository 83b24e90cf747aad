import { inject, injectable } from 'tsyringe';
import type { Document } from '../domain/document.js';
import { DOCUMENT_REPOSITORY, type DocumentRepository } from './ports/document.repository.port.js';

@injectable()
export class ListDocuments {
  constructor(@inject(DOCUMENT_REPOSITORY) private readonly documents: DocumentRepository) {}

  execute(ownerId: string): Promise<Document[]> {
    return this.documents.listOwned(ownerId);
  }
}
