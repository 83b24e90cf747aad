import { inject, injectable } from 'tsyringe';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { LOGGER, type Logger } from '../../../platform/logging/logger.js';
import { newId } from '../../../shared/ids.js';
import { DOCUMENT_REPOSITORY, forwardTokenOf, type DocumentRepository } from '../../documents/index.js';
import { INBOUND_MESSAGE_REPOSITORY, type InboundMessageRepository, type NewInboundMessage } from './ports/inbound-message.repository.port.js';
import type { IntakeRecipient, MailIntake } from './ports/mail-intake.port.js';
import { MAIL_EVENTS, type MailEvents } from './ports/mail-events.port.js';
import { MAIL_METRICS, type MailMetrics } from './ports/mail-metrics.port.js';
import type { SmtpEnvelope } from './ports/sender-authenticator.port.js';
import { redeliveryKey } from './redelivery-key.js';

/** The core side of SMTP: which document an address leads to, and storing a message with its jobs in one commit. */
@injectable()
export class ReceiveMail implements MailIntake {
  constructor(
    @inject(DOCUMENT_REPOSITORY) private readonly documents: DocumentRepository,
    @inject(INBOUND_MESSAGE_REPOSITORY) private readonly messages: InboundMessageRepository,
    @inject(APP_CONFIG) private readonly config: AppConfig,
    @inject(LOGGER) private readonly logger: Logger,
    @inject(MAIL_METRICS) private readonly metrics: MailMetrics,
    @inject(MAIL_EVENTS) private readonly events: MailEvents,
  ) {}

  async resolveRecipient(address: string): Promise<IntakeRecipient | null> {
    const token = forwardTokenOf(address, this.config.INBOUND_DOMAIN);
    const document = token ? await this.documents.findByForwardToken(token) : null;
    return document ? { documentId: document.id, ownerId: document.ownerId } : null;
  }

  /** One stored message per document addressed (a mail sent to two documents is processed for each). */
  async receive(input: { envelope: SmtpEnvelope; raw: Buffer; recipients: IntakeRecipient[] }): Promise<{ messageIds: string[] }> {
    const dedupKey = redeliveryKey(input.raw);
    const seen = new Set<string>();
    const messages: NewInboundMessage[] = [];
    for (const recipient of input.recipients) {
      if (seen.has(recipient.documentId)) continue;
      seen.add(recipient.documentId);
      messages.push({ id: newId(), documentId: recipient.documentId, ownerId: recipient.ownerId, envelope: input.envelope, raw: input.raw, dedupKey });
    }
    if (messages.length === 0) {
      // SMTP reaches DATA only after an accepted recipient; nothing to deliver to is a listener bug.
      this.logger.warn({ recipients: input.envelope.recipients.length }, 'mail received without a resolved recipient');
      return { messageIds: [] };
    }
    await this.messages.storeReceived(messages);
    // Counted once committed: from here SMTP answers 250 and the mail will be processed.
    this.metrics.mailsReceived(messages.length);
    // The new rows are committed: the owners' open document pages show them. Not awaited: the sender's
    // 250 does not wait for a notice (publishing never throws).
    void Promise.all(messages.map((message) => this.events.mailChanged({ ownerId: message.ownerId, documentId: message.documentId, mailId: message.id })));
    return { messageIds: messages.map((message) => message.id) };
  }
}
