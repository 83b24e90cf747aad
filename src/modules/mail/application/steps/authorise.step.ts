import { inject, injectable } from 'tsyringe';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config.js';
import type { Document } from '../../../documents/index.js';
import { structuredOf, type InboundMessage, type ParsedSnapshot } from '../../domain/inbound-message.js';
import { authoriseSender, describeRefusal, isTransientVerdict, type SenderVerdict } from '../../domain/sender-authorisation.js';
import { SenderCheckUnavailableError } from '../failure-classification.js';
import { INBOUND_MESSAGE_REPOSITORY, type InboundMessageRepository } from '../ports/inbound-message.repository.port.js';
import { SENDER_AUTHENTICATOR, type SenderAuthenticator } from '../ports/sender-authenticator.port.js';

/**
 * The allow-list (and, when enforced, DMARC/DKIM) decides; a refused mail keeps only its metadata and
 * a reason, and costs nothing (its content is kept only when the sender is merely not on the list).
 */
@injectable()
export class AuthoriseStep {
  constructor(
    @inject(INBOUND_MESSAGE_REPOSITORY) private readonly messages: InboundMessageRepository,
    @inject(SENDER_AUTHENTICATOR) private readonly authenticator: SenderAuthenticator,
    @inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async run(message: InboundMessage, snapshot: ParsedSnapshot, document: Document): Promise<{ allowed: true; note: string | null } | { allowed: false }> {
    const verdict = await this.verdictFor(message);
    if (verdict) await this.messages.saveStep(message.id, { authVerdict: verdict });
    // Under enforce a DNS hiccup must not refuse good mail for ever: retry the step later.
    if (this.config.SENDER_AUTH === 'enforce' && isTransientVerdict(verdict)) throw new SenderCheckUnavailableError(verdict?.detail ?? 'temporary error');
    const decision = authoriseSender({ from: snapshot.from, ambiguous: snapshot.ambiguousFrom === true, allowList: document.emails, verdict, mode: this.config.SENDER_AUTH });
    const mail = structuredOf(snapshot);
    if (!decision.allowed) {
      // The refusal is stored as data: a sender not on the list can be allowed from the row, and then
      // this mail (its content kept for that) processed after all.
      await this.messages.finish(message.id, {
        status: 'ignored',
        reason: describeRefusal(decision, mail.forwardedBy !== null),
        refusal: { reason: decision.reason, sender: decision.sender },
      });
      return { allowed: false };
    }
    // Let in: from now on the row names who the mail is from, as the document block does.
    if (mail.sender && mail.sender.address !== message.sourceMail) await this.messages.saveStep(message.id, { sourceMail: mail.sender.address });
    // Under report the verdict never blocks, but a failed check is shown with the mail.
    const note = verdict?.result === 'fail' ? `Processed, but the sender's domain failed DMARC/DKIM checks (${verdict.detail}).` : null;
    return { allowed: true, note };
  }

  private async verdictFor(message: InboundMessage): Promise<SenderVerdict | null> {
    if (this.config.SENDER_AUTH === 'off' || !message.raw) return null;
    return this.authenticator.verify(message.raw, message.envelope);
  }
}
