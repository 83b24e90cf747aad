import { inject, injectable } from 'tsyringe';
import { AppError } from '../../../shared/app-error.js';
import { checkEmail, normaliseEmail } from '../domain/allowed-emails.js';
import { DocumentErrors } from '../documents.errors.js';
import { invalid, mustOwn } from './find-owned-document.js';
import { DOCUMENT_REPOSITORY, type DocumentRepository } from './ports/document.repository.port.js';

export const MAX_ALLOWED_EMAILS = 100;

@injectable()
export class AddAllowedEmail {
  constructor(@inject(DOCUMENT_REPOSITORY) private readonly documents: DocumentRepository) {}

  async execute(ownerId: string, id: string, rawEmail: string): Promise<string[]> {
    const violation = checkEmail(rawEmail, 'add');
    if (violation) throw invalid(violation.message, 'email');
    const document = mustOwn(await this.documents.findOwned(ownerId, id));
    if (document.emails.length >= MAX_ALLOWED_EMAILS) {
      throw invalid(`A document can allow at most ${MAX_ALLOWED_EMAILS} source emails.`, 'email');
    }
    const result = mustOwn(await this.documents.addEmail(ownerId, id, normaliseEmail(rawEmail)));
    if (!result.added) throw new AppError(DocumentErrors.EMAIL_EXISTS, 'This email is already on the list.');
    return result.emails;
  }
}
