import { inject, injectable } from 'tsyringe';
import { AppError } from '../../../shared/app-error.js';
import { DOC_STORE, DOCUMENT_REPOSITORY, documentNotFound, type DocStore, type DocumentRepository } from '../../documents/index.js';
import type { MailStatus } from '../domain/inbound-message.js';
import { actionFor, type MailAction } from '../domain/mail-action.js';
import { blockRef } from '../domain/mail-block.js';
import { historyReason } from '../domain/status-history.js';
import { blockParts } from './block-parts.js';
import type { BlockParts } from '../domain/written-block.js';
import { MailErrors } from '../mail.errors.js';
import { INBOUND_MESSAGE_REPOSITORY, type InboundMessageRepository, type ReceivedMailRow } from './ports/inbound-message.repository.port.js';
import { RECEIVED_MAIL_PAGES, type ReceivedMailPageQuery, type ReceivedMailPages } from './ports/received-mail-pages.port.js';
import { SUBSCRIPTION_GATE, type SubscriptionGate } from './ports/subscription-gate.port.js';

/** A row of the table with what its owner can do about it. */
export type ReceivedMailView = ReceivedMailRow & { action: MailAction };

/** A mail's panel: its row, the block as written, its history and where its block is. */
export type ReceivedMailDetailView = ReceivedMailView & {
  documentId: string;
  block: BlockParts | null;
  history: { status: MailStatus; reason: string | null; at: Date }[];
  documentUrl: string | null;
};

/** A mail found across the owner's documents. */
export type FoundMailView = ReceivedMailView & { documentId: string; documentName: string };

/** The document page's view of its mail: the processed-emails table, retry, the forwarding confirmation. */
@injectable()
export class ReceivedMails {
  constructor(
    @inject(DOCUMENT_REPOSITORY) private readonly documents: DocumentRepository,
    @inject(INBOUND_MESSAGE_REPOSITORY) private readonly messages: InboundMessageRepository,
    @inject(RECEIVED_MAIL_PAGES) private readonly pages: ReceivedMailPages,
    @inject(SUBSCRIPTION_GATE) private readonly subscriptions: SubscriptionGate,
    @inject(DOC_STORE) private readonly store: DocStore,
  ) {}

  async list(ownerId: string, documentId: string, query: ReceivedMailPageQuery): Promise<{ rows: ReceivedMailView[]; total: number }> {
    // Ownership, total and page in one read: mail keeps its document's id after the document is deleted,
    // so whether it is still this owner's is the documents module's rule, applied inside that read.
    const page = await this.pages.pageOf(ownerId, documentId, query);
    if (!page) throw documentNotFound();
    return { rows: await this.withActions(ownerId, page.rows), total: page.total };
  }

  /** One mail's panel; another user's mail, or another document's, is not found. */
  async detail(ownerId: string, documentId: string, mailId: string): Promise<ReceivedMailDetailView> {
    const document = await this.documents.findOwned(ownerId, documentId);
    if (!document) throw documentNotFound();
    const mail = await this.pages.mailOf(documentId, mailId);
    if (!mail) throw new AppError(MailErrors.NOT_FOUND, 'Mail not found.');
    const [row] = await this.withActions(ownerId, [mail]);
    // A mail that was not written has no place in the document; one written before blocks were kept still has.
    const written = mail.block !== null || mail.writtenAt !== null || mail.status === 'processed';
    return {
      ...(row ?? { ...mail, action: null }),
      documentId,
      block: mail.block && blockParts(mail.block),
      history: mail.history.map((entry) => ({ status: entry.status, reason: historyReason(entry), at: entry.at })),
      documentUrl: written ? this.store.blockUrlOf(document.externalId, blockRef(mail.id)) : null,
    };
  }

  /** The owner's mail across their live documents, filtered, one page. */
  async search(ownerId: string, query: ReceivedMailPageQuery): Promise<{ rows: FoundMailView[]; total: number }> {
    const { rows, total } = await this.pages.search(ownerId, query);
    const actions = await this.withActions(ownerId, rows);
    return { rows: rows.map((row, index) => ({ ...row, action: actions[index]?.action ?? null })), total };
  }

  /** Held mail needs tokens or a plan first: the plan is asked for only when the rows hold held mail. */
  private async withActions(ownerId: string, rows: ReceivedMailRow[]): Promise<ReceivedMailView[]> {
    const activePlan = rows.some((row) => row.status === 'held') ? await this.subscriptions.isActive(ownerId) : false;
    return rows.map((row) => ({ ...row, action: actionFor({ ...row, activePlan }) }));
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
