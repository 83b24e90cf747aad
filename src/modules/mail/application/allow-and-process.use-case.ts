import { inject, injectable } from 'tsyringe';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { AppError } from '../../../shared/app-error.js';
import { AddAllowedEmail, DOCUMENT_REPOSITORY, DocumentErrors, documentNotFound, isOnList, type DocumentRepository } from '../../documents/index.js';
import { allowableSender } from '../domain/inbound-message.js';
import { MailErrors } from '../mail.errors.js';
import { INBOUND_MESSAGE_REPOSITORY, type InboundMessageRepository } from './ports/inbound-message.repository.port.js';
import { MAIL_EVENTS, type MailEvents } from './ports/mail-events.port.js';

/**
 * "Allow <sender> and process" on a mail ignored because its sender is not on the allow-list: the sender
 * joins the list (the allow-list editor's rules and limits), and this mail goes back in line, once. A
 * second call (a double click, another tab) finds it already on its way and answers the same, so the
 * mail is processed and charged once.
 */
@injectable()
export class AllowAndProcess {
  constructor(
    @inject(DOCUMENT_REPOSITORY) private readonly documents: DocumentRepository,
    @inject(INBOUND_MESSAGE_REPOSITORY) private readonly messages: InboundMessageRepository,
    @inject(AddAllowedEmail) private readonly addEmail: AddAllowedEmail,
    @inject(MAIL_EVENTS) private readonly events: MailEvents,
    @inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Answers the document's allow-list as it now is. */
  async execute(ownerId: string, documentId: string, messageId: string): Promise<{ emails: string[] }> {
    const document = await this.documents.findOwned(ownerId, documentId);
    if (!document) throw documentNotFound();
    const message = await this.messages.findById(messageId);
    if (!message || message.documentId !== documentId) throw new AppError(MailErrors.NOT_FOUND, 'Mail not found.');
    const sender = allowableSender(message.refusal);
    if (!sender) throw new AppError(MailErrors.NOT_ALLOWABLE, 'Only a mail ignored because its sender is not on the allow-list can be allowed and processed.');
    // Already let in by an earlier call: that call's run processes it.
    if (message.status !== 'ignored') return { emails: document.emails };
    if (!message.raw) throw this.contentGone();

    const emails = isOnList(document.emails, sender) ? document.emails : await this.allow(ownerId, documentId, sender);
    if (await this.messages.releaseIgnored(messageId)) {
      await this.events.mailChanged({ ownerId, documentId, mailId: messageId });
      return { emails };
    }
    // Another call released it meanwhile, or its content was just dropped.
    const now = await this.messages.findById(messageId);
    if (now?.status === 'ignored') throw this.contentGone();
    return { emails };
  }

  private async allow(ownerId: string, documentId: string, sender: string): Promise<string[]> {
    try {
      return await this.addEmail.execute(ownerId, documentId, sender);
    } catch (error) {
      // Added by a concurrent call: the list is what it should be.
      if (!(error instanceof AppError) || error.code !== DocumentErrors.EMAIL_EXISTS) throw error;
      return (await this.documents.findOwned(ownerId, documentId))?.emails ?? [sender];
    }
  }

  private contentGone(): AppError {
    return new AppError(
      MailErrors.NOT_ALLOWABLE,
      `This mail can no longer be processed: the content of ignored mail is kept for ${this.config.HOLD_DAYS} days. Add the sender to the allow-list and ask for the mail again.`,
    );
  }
}
