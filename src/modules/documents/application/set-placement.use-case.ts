import { inject, injectable } from 'tsyringe';
import { mustOwn } from './find-owned-document.js';
import { DOCUMENT_REPOSITORY, type DocumentRepository } from './ports/document.repository.port.js';

/** Where new summaries go in the linked document: its beginning or its end. */
@injectable()
export class SetPlacement {
  constructor(@inject(DOCUMENT_REPOSITORY) private readonly documents: DocumentRepository) {}

  async execute(ownerId: string, id: string, overwriteAtBeginning: boolean): Promise<void> {
    mustOwn(await this.documents.update(ownerId, id, { overwriteAtBeginning }));
  }
}
