import { inject, injectable } from 'tsyringe';
import { LOGGER, type Logger } from '../../../platform/logging/logger.js';
import { checkName, normaliseName } from '../domain/document-rules.js';
import { callDocStore } from './doc-store-errors.js';
import { invalid, mustOwn } from './find-owned-document.js';
import { DOC_STORE, DocNotFoundError, type DocStore } from './ports/doc-store.port.js';
import { DOCUMENT_REPOSITORY, type DocumentRepository } from './ports/document.repository.port.js';

/** Renames the document and its linked document, so both keep the same name. */
@injectable()
export class RenameDocument {
  constructor(
    @inject(DOCUMENT_REPOSITORY) private readonly documents: DocumentRepository,
    @inject(DOC_STORE) private readonly store: DocStore,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(ownerId: string, id: string, rawTitle: string): Promise<void> {
    const violation = checkName(rawTitle);
    if (violation) throw invalid(violation.message, 'title');
    const document = mustOwn(await this.documents.findOwned(ownerId, id));
    const name = normaliseName(rawTitle);
    if (name === document.name) return;
    try {
      await callDocStore(() => this.store.rename({ userId: ownerId }, document.externalId, name));
    } catch (error) {
      // The user may have deleted the linked document themselves; the app's name still changes.
      if (!(error instanceof DocNotFoundError)) throw error;
      this.logger.warn({ documentId: id }, 'linked document is gone; renamed the record only');
    }
    mustOwn(await this.documents.update(ownerId, id, { name }));
  }
}
