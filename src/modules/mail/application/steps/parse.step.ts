import { inject, injectable } from 'tsyringe';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config.js';
import type { InboundMessage, ParsedSnapshot } from '../../domain/inbound-message.js';
import { INBOUND_MESSAGE_REPOSITORY, type InboundMessageRepository, type StepResults } from '../ports/inbound-message.repository.port.js';
import { MAIL_PARSER, type MailParser } from '../ports/mail-parser.port.js';
import { SENDER_AUTHENTICATOR, type SenderAuthenticator } from '../ports/sender-authenticator.port.js';

/**
 * Parses once and keeps the result; a Gmail forwarding confirmation that Google signed ends here, shown
 * on the document.
 */
@injectable()
export class ParseStep {
  constructor(
    @inject(INBOUND_MESSAGE_REPOSITORY) private readonly messages: InboundMessageRepository,
    @inject(MAIL_PARSER) private readonly parser: MailParser,
    @inject(SENDER_AUTHENTICATOR) private readonly authenticator: SenderAuthenticator,
    @inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * `unsaved`: what parsing found, for the next step to record with its own results in one write (parsing
   * again after a crash before that write costs CPU, never a charge or a second block).
   */
  async run(message: InboundMessage): Promise<{ outcome: 'continue'; snapshot: ParsedSnapshot; unsaved: StepResults } | { outcome: 'done' }> {
    if (message.parsed) return { outcome: 'continue', snapshot: message.parsed, unsaved: {} };
    if (!message.raw) throw new Error(`message ${message.id} has no content left to parse`);
    const parsed = await this.parser.parse(message.raw);
    if (parsed.forwardingConfirmation) {
      // Anyone can write From: forwarding-noreply@google.com; only Google's own signature makes it real.
      if (this.config.SENDER_AUTH !== 'off') {
        const verdict = await this.authenticator.verify(message.raw, message.envelope);
        await this.messages.saveStep(message.id, { authVerdict: verdict });
        if (verdict.result !== 'pass') {
          await this.messages.saveStep(message.id, { sourceMail: parsed.from?.address ?? '', subject: parsed.structured.subject });
          await this.messages.finish(message.id, {
            status: 'ignored',
            reason: `A message claiming to be a Gmail forwarding confirmation did not pass Google's DKIM check (${verdict.detail || verdict.result}), so it was ignored.`,
          });
          return { outcome: 'done' };
        }
      }
      await this.messages.saveForwardingConfirmation(message.documentId, parsed.forwardingConfirmation);
      await this.messages.saveStep(message.id, { sourceMail: parsed.from?.address ?? '', subject: parsed.structured.subject });
      await this.messages.finish(message.id, {
        status: 'ignored',
        reason: `Gmail forwarding confirmation (code ${parsed.forwardingConfirmation.code}): confirm it on the document page to finish setting up forwarding.`,
      });
      return { outcome: 'done' };
    }
    const snapshot: ParsedSnapshot = {
      subject: parsed.subject,
      from: parsed.from,
      ambiguousFrom: parsed.ambiguousFrom,
      date: parsed.date ? parsed.date.toISOString() : null,
      mail: parsed.structured,
      pendingAttachments: parsed.attachments.filter((attachment) => attachment.role === 'content').length,
    };
    // Until the mail is let in, its row names the sender that reached us (for a forward, the forwarder).
    return { outcome: 'continue', snapshot, unsaved: { parsed: snapshot, sourceMail: parsed.from?.address ?? '', subject: parsed.structured.subject } };
  }
}
