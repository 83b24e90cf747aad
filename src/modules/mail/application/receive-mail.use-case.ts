import { inject, injectable } from 'tsyringe';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { LOGGER, type Logger } from '../../../platform/logging/logger.js';
import { newId } from '../../../shared/ids.js';
import { DOCUMENT_REPOSITORY, forwardTokenOf, type DocumentRepository } from '../../documents/index.js';
import { INBOUND_MESSAGE_REPOSITORY, type InboundMessageRepository, type NewInboundMessage } from './ports/inbound-message.repository.port.js';
import type { MailIntake } from './ports/mail-intake.port.js';
import { MAIL_METRICS, noMailMetrics, type MailMetrics } from './ports/mail-metrics.port.js';
import type { SmtpEnvelope } from './ports/sender-authenticator.port.js';

/** The core side of SMTP: which recipients exist, and storing a message with its jobs in one commit. */
@injectable()
export class ReceiveMail implements MailIntake {
  constructor(
    @inject(DOCUMENT_REPOSITORY) private readonly documents: DocumentRepository,
    @inject(INBOUND_MESSAGE_REPOSITORY) private readonly messages: InboundMessageRepository,
    @inject(APP_CONFIG) private readonly config: AppConfig,
    @inject(LOGGER) private readonly logger: Logger,
    @inject(MAIL_METRICS) private readonly metrics: MailMetrics = noMailMetrics,
  ) {}

  async acceptsRecipient(address: string): Promise<boolean> {
    return (await this.documentFor(address)) !== null;
  }

  /** One stored message per document addressed (a mail sent to two documents is processed for each). */
  async receive(input: { envelope: SmtpEnvelope; raw: Buffer }): Promise<{ messageIds: string[] }> {
    const seen = new Set<string>();
    const messages: NewInboundMessage[] = [];
    for (const recipient of input.envelope.recipients) {
      const document = await this.documentFor(recipient);
      if (!document || seen.has(document.id)) continue;
      seen.add(document.id);
      messages.push({ id: newId(), documentId: document.id, ownerId: document.ownerId, envelope: input.envelope, raw: input.raw });
    }
    if (messages.length === 0) {
      // Every document addressed was deleted between RCPT and DATA: nothing to deliver to.
      this.logger.warn({ recipients: input.envelope.recipients.length }, 'mail accepted for documents deleted during the SMTP session');
      return { messageIds: [] };
    }
    await this.messages.storeReceived(messages);
    // Counted once committed: from here SMTP answers 250 and the mail will be processed.
    this.metrics.mailsReceived(messages.length);
    return { messageIds: messages.map((message) => message.id) };
  }

  private async documentFor(address: string) {
    const token = forwardTokenOf(address, this.config.INBOUND_DOMAIN);
    return token ? this.documents.findByForwardToken(token) : null;
  }
}
