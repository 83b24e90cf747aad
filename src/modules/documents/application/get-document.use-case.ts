import { inject, injectable } from 'tsyringe';
import type { Document } from '../domain/document.js';
import { mustOwn } from './find-owned-document.js';
import { DOCUMENT_REPOSITORY, type DocumentRepository } from './ports/document.repository.port.js';

@injectable()
export class GetDocument {
  constructor(@inject(DOCUMENT_REPOSITORY) private readonly documents: DocumentRepository) {}

  async execute(ownerId: string, id: string): Promise<Document> {
    return mustOwn(await this.documents.findOwned(ownerId, id));
  }
}
