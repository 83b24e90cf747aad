import { inject, injectable } from 'tsyringe';
import type { DocumentPart } from '../domain/document-part.js';
import { DOCUMENT_PART_REPOSITORY, type DocumentPartRepository } from './ports/document-part.repository.port.js';

/** The linked documents of a document that continued (part 1 first, the current last); empty when it never did. */
@injectable()
export class ListDocumentParts {
  constructor(@inject(DOCUMENT_PART_REPOSITORY) private readonly parts: DocumentPartRepository) {}

  execute(ownerId: string, documentId: string): Promise<DocumentPart[]> {
    return this.parts.list(ownerId, documentId);
  }
}
