import { inject, injectable } from 'tsyringe';
import { DOCUMENT_PART_REPOSITORY, type ContinuedDocument, type DocumentPartRepository } from './ports/document-part.repository.port.js';

/** The owner's documents that continued in a new part lately: what the notifications mail about. */
@injectable()
export class RecentContinuations {
  constructor(@inject(DOCUMENT_PART_REPOSITORY) private readonly parts: DocumentPartRepository) {}

  since(ownerId: string, since: Date): Promise<ContinuedDocument[]> {
    return this.parts.continuedSince(ownerId, since);
  }
}
