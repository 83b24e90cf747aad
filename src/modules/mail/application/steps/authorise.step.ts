import { inject, injectable } from 'tsyringe';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config.js';
import type { Document } from '../../../documents/index.js';
import { structuredOf, type InboundMessage, type ParsedSnapshot } from '../../domain/inbound-message.js';
import { authoriseSender, describeRefusal, isTransientVerdict, type SenderVerdict } from '../../domain/sender-authorisation.js';
import { SenderCheckUnavailableError } from '../failure-classification.js';
import { INBOUND_MESSAGE_REPOSITORY, type InboundMessageRepository, type StepResults } from '../ports/inbound-message.repository.port.js';
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

  /** `unsaved`: earlier steps' results not yet recorded; answered with this step's added, for the next write. */
  async run(
    message: InboundMessage,
    snapshot: ParsedSnapshot,
    document: Document,
    unsaved: StepResults,
  ): Promise<{ allowed: true; note: string | null; unsaved: StepResults } | { allowed: false }> {
    const verdict = await this.verdictFor(message);
    const results: StepResults = { ...unsaved, ...(verdict ? { authVerdict: verdict } : {}) };
    // A retry must find the verdict that made it retry.
    if (this.config.SENDER_AUTH === 'enforce' && isTransientVerdict(verdict)) await this.record(message, results);
    // Under enforce a DNS hiccup must not refuse good mail for ever: retry the step later.
    if (this.config.SENDER_AUTH === 'enforce' && isTransientVerdict(verdict)) throw new SenderCheckUnavailableError(verdict?.detail ?? 'temporary error');
    const decision = authoriseSender({ from: snapshot.from, ambiguous: snapshot.ambiguousFrom === true, allowList: document.emails, verdict, mode: this.config.SENDER_AUTH });
    const mail = structuredOf(snapshot);
    if (!decision.allowed) {
      await this.record(message, results);
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
    if (mail.sender && mail.sender.address !== (results.sourceMail ?? message.sourceMail)) results.sourceMail = mail.sender.address;
    // Under report the verdict never blocks, but a failed check is shown with the mail.
    const note = verdict?.result === 'fail' ? `Processed, but the sender's domain failed DMARC/DKIM checks (${verdict.detail}).` : null;
    return { allowed: true, note, unsaved: results };
  }

  private async record(message: InboundMessage, results: StepResults): Promise<void> {
    if (Object.keys(results).length > 0) await this.messages.saveStep(message.id, results);
  }

  private async verdictFor(message: InboundMessage): Promise<SenderVerdict | null> {
    if (this.config.SENDER_AUTH === 'off' || !message.raw) return null;
    return this.authenticator.verify(message.raw, message.envelope);
  }
}
