import { inject, injectable } from 'tsyringe';
import type { InboundMessage, ParsedSnapshot } from '../../domain/inbound-message.js';
import { INBOUND_MESSAGE_REPOSITORY, type InboundMessageRepository } from '../ports/inbound-message.repository.port.js';
import { MAIL_PARSER, type MailParser } from '../ports/mail-parser.port.js';

/** Parses once and keeps the result; a Gmail forwarding confirmation ends here, shown on the document. */
@injectable()
export class ParseStep {
  constructor(
    @inject(INBOUND_MESSAGE_REPOSITORY) private readonly messages: InboundMessageRepository,
    @inject(MAIL_PARSER) private readonly parser: MailParser,
  ) {}

  async run(message: InboundMessage): Promise<{ outcome: 'continue'; snapshot: ParsedSnapshot } | { outcome: 'done' }> {
    if (message.parsed) return { outcome: 'continue', snapshot: message.parsed };
    if (!message.raw) throw new Error(`message ${message.id} has no content left to parse`);
    const parsed = await this.parser.parse(message.raw);
    if (parsed.forwardingConfirmation) {
      await this.messages.saveForwardingConfirmation(message.documentId, parsed.forwardingConfirmation);
      await this.messages.saveStep(message.id, { sourceMail: parsed.from?.address ?? '', subject: parsed.subject });
      await this.messages.finish(message.id, {
        status: 'ignored',
        reason: `Gmail forwarding confirmation (code ${parsed.forwardingConfirmation.code}): confirm it on the document page to finish setting up forwarding.`,
      });
      return { outcome: 'done' };
    }
    const snapshot: ParsedSnapshot = {
      subject: parsed.subject,
      from: parsed.from,
      originalSender: parsed.originalSender,
      date: parsed.date ? parsed.date.toISOString() : null,
      text: parsed.text,
    };
    await this.messages.saveStep(message.id, {
      parsed: snapshot,
      sourceMail: parsed.originalSender?.address ?? parsed.from?.address ?? '',
      subject: parsed.subject,
    });
    return { outcome: 'continue', snapshot };
  }
}
