import { inject, injectable } from 'tsyringe';
import { normaliseEmail } from '../domain/allowed-emails.js';
import { mustOwn } from './find-owned-document.js';
import { DOCUMENT_REPOSITORY, type DocumentRepository } from './ports/document.repository.port.js';

/** Idempotent: removing an address that is not on the list answers the list as it is. */
@injectable()
export class RemoveAllowedEmail {
  constructor(@inject(DOCUMENT_REPOSITORY) private readonly documents: DocumentRepository) {}

  async execute(ownerId: string, id: string, rawEmail: string): Promise<string[]> {
    return mustOwn(await this.documents.removeEmail(ownerId, id, normaliseEmail(rawEmail)));
  }
}
