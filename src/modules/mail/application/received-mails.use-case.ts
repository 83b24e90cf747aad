import { inject, injectable } from 'tsyringe';
import { AppError } from '../../../shared/app-error.js';
import { DOCUMENT_REPOSITORY, type DocumentRepository } from '../../documents/index.js';
import { INBOUND_MESSAGE_REPOSITORY, type InboundMessageRepository, type ReceivedMailSortKey } from './ports/inbound-message.repository.port.js';

const notFound = () => new AppError('DOCUMENT.NOT_FOUND', 'Document not found.');

/** The document page's view of its mail: the processed-emails table, retry, the forwarding confirmation. */
@injectable()
export class ReceivedMails {
  constructor(
    @inject(DOCUMENT_REPOSITORY) private readonly documents: DocumentRepository,
    @inject(INBOUND_MESSAGE_REPOSITORY) private readonly messages: InboundMessageRepository,
  ) {}

  async list(ownerId: string, documentId: string, query: { page: number; pageSize: number; sortBy: ReceivedMailSortKey; sortOrder: 'asc' | 'desc' }) {
    // Not foldable into the mail query: mail keeps its document's id after the document is deleted, so
    // only the documents module can say whether it is still this owner's.
    if (!(await this.documents.findOwned(ownerId, documentId))) throw notFound();
    return this.messages.listForDocument(documentId, query);
  }

  async forwardingConfirmation(ownerId: string, documentId: string) {
    if (!(await this.documents.findOwned(ownerId, documentId))) throw notFound();
    return this.messages.forwardingConfirmation(documentId);
  }

  /** A failed mail is tried again from where it stopped; its attempts start over. */
  async retry(ownerId: string, documentId: string, messageId: string): Promise<void> {
    if (!(await this.documents.findOwned(ownerId, documentId))) throw notFound();
    const message = await this.messages.findById(messageId);
    if (!message || message.documentId !== documentId) throw new AppError('MAIL.NOT_FOUND', 'Mail not found.');
    if (message.status !== 'failed') throw new AppError('MAIL.NOT_RETRYABLE', 'Only a failed mail can be retried.');
    if (!(await this.messages.requeue(messageId, { resetAttempts: true }))) {
      throw new AppError('MAIL.NOT_RETRYABLE', 'This mail can no longer be retried: its content was already removed.');
    }
  }
}
