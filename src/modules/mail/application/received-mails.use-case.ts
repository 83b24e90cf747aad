import { inject, injectable } from 'tsyringe';
import { AppError } from '../../../shared/app-error.js';
import { DOCUMENT_REPOSITORY, documentNotFound, type DocumentRepository } from '../../documents/index.js';
import { actionFor, type MailAction } from '../domain/mail-action.js';
import { MailErrors } from '../mail.errors.js';
import { INBOUND_MESSAGE_REPOSITORY, type InboundMessageRepository, type ReceivedMailRow } from './ports/inbound-message.repository.port.js';
import { RECEIVED_MAIL_PAGES, type ReceivedMailPageQuery, type ReceivedMailPages } from './ports/received-mail-pages.port.js';
import { SUBSCRIPTION_GATE, type SubscriptionGate } from './ports/subscription-gate.port.js';

/** A row of the table with what its owner can do about it. */
export type ReceivedMailView = ReceivedMailRow & { action: MailAction };

/** The document page's view of its mail: the processed-emails table, retry, the forwarding confirmation. */
@injectable()
export class ReceivedMails {
  constructor(
    @inject(DOCUMENT_REPOSITORY) private readonly documents: DocumentRepository,
    @inject(INBOUND_MESSAGE_REPOSITORY) private readonly messages: InboundMessageRepository,
    @inject(RECEIVED_MAIL_PAGES) private readonly pages: ReceivedMailPages,
    @inject(SUBSCRIPTION_GATE) private readonly subscriptions: SubscriptionGate,
  ) {}

  async list(ownerId: string, documentId: string, query: ReceivedMailPageQuery): Promise<{ rows: ReceivedMailView[]; total: number }> {
    // Ownership, total and page in one read: mail keeps its document's id after the document is deleted,
    // so whether it is still this owner's is the documents module's rule, applied inside that read.
    const page = await this.pages.pageOf(ownerId, documentId, query);
    if (!page) throw documentNotFound();
    const { rows, total } = page;
    // Held mail needs tokens or a plan first: the plan is asked for only when the page shows held mail.
    const activePlan = rows.some((row) => row.status === 'held') ? await this.subscriptions.isActive(ownerId) : false;
    return { rows: rows.map((row) => ({ ...row, action: actionFor({ ...row, activePlan }) })), total };
  }

  async forwardingConfirmation(ownerId: string, documentId: string) {
    if (!(await this.documents.findOwned(ownerId, documentId))) throw documentNotFound();
    return this.messages.forwardingConfirmation(documentId);
  }

  /** A failed mail is tried again from where it stopped; its attempts start over. */
  async retry(ownerId: string, documentId: string, messageId: string): Promise<void> {
    if (!(await this.documents.findOwned(ownerId, documentId))) throw documentNotFound();
    const message = await this.messages.findById(messageId);
    if (!message || message.documentId !== documentId) throw new AppError(MailErrors.NOT_FOUND, 'Mail not found.');
    if (message.status !== 'failed') throw new AppError(MailErrors.NOT_RETRYABLE, 'Only a failed mail can be retried.');
    if (!(await this.messages.requeue(messageId, { resetAttempts: true }))) {
      throw new AppError(MailErrors.NOT_RETRYABLE, 'This mail can no longer be retried: its content was already removed.');
    }
  }
}
