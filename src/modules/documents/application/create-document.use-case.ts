import { randomBytes } from 'node:crypto';
import { inject, injectable } from 'tsyringe';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { AppError } from '../../../shared/app-error.js';
import { checkEmailList } from '../domain/allowed-emails.js';
import type { Document } from '../domain/document.js';
import { DocumentErrors } from '../documents.errors.js';
import { checkDescription, checkName, normaliseName } from '../domain/document-rules.js';
import { forwardAddress, newForwardToken } from '../domain/forward-address.js';
import { callDocStore } from './doc-store-errors.js';
import { invalid } from './find-owned-document.js';
import { DOC_STORE, type DocStore } from './ports/doc-store.port.js';
import { DOCUMENT_REPOSITORY, type DocumentRepository } from './ports/document.repository.port.js';

export interface CreateDocumentInput {
  ownerId: string;
  documentId: string;
  name: string;
  description: string;
  allowedEmails: string[];
}

export const introFor = (name: string) =>
  `This document is kept by Mailscribe. Summaries of the emails forwarded for "${name}" appear here.`;

/**
 * Creates a document and its linked document. Idempotent on the browser's documentId: a retry after a
 * lost answer gets the same document, never a second linked document.
 */
@injectable()
export class CreateDocument {
  constructor(
    @inject(DOCUMENT_REPOSITORY) private readonly documents: DocumentRepository,
    @inject(DOC_STORE) private readonly store: DocStore,
    @inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(input: CreateDocumentInput): Promise<Document> {
    const nameViolation = checkName(input.name);
    if (nameViolation) throw invalid(nameViolation.message, 'docName');
    const descriptionViolation = checkDescription(input.description);
    if (descriptionViolation) throw invalid(descriptionViolation.message, 'description');
    const { emails, violation } = checkEmailList(input.allowedEmails);
    if (violation) throw invalid(violation.message, 'allowedEmails');

    const name = normaliseName(input.name);
    const forwardToken = newForwardToken((count) => randomBytes(count));
    const claim = await this.documents.claim({
      id: input.documentId,
      ownerId: input.ownerId,
      name,
      description: input.description.trim(),
      emails,
      forwardToken,
      forwardEmail: forwardAddress(name, forwardToken, this.config.INBOUND_DOMAIN),
      overwriteAtBeginning: true,
    });
    if (claim.outcome === 'exists') {
      if (!claim.sameOwner) throw new AppError(DocumentErrors.ID_TAKEN, 'This document id is already in use.');
      if (!claim.document) throw new AppError(DocumentErrors.CREATE_IN_PROGRESS, 'This document is still being created. Try again in a moment.');
      return claim.document;
    }

    try {
      const created = await callDocStore(() => this.store.create({ userId: input.ownerId }, { title: name, intro: introFor(name) }));
      return await this.documents.complete(input.documentId, created.externalId);
    } catch (error) {
      await this.documents.abandon(input.documentId);
      throw error;
    }
  }
}
