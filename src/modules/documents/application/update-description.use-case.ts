import { inject, injectable } from 'tsyringe';
import { checkDescription } from '../domain/document-rules.js';
import { invalid, mustOwn } from './find-owned-document.js';
import { DOCUMENT_REPOSITORY, type DocumentRepository } from './ports/document.repository.port.js';

/** The description is the user's standing instruction to the model for this document. */
@injectable()
export class UpdateDescription {
  constructor(@inject(DOCUMENT_REPOSITORY) private readonly documents: DocumentRepository) {}

  async execute(ownerId: string, id: string, description: string): Promise<void> {
    const violation = checkDescription(description);
    if (violation) throw invalid(violation.message, 'description');
    mustOwn(await this.documents.update(ownerId, id, { description: description.trim() }));
  }
}
