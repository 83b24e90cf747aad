import { inject, injectable } from 'tsyringe';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config.js';
import type { Document } from '../../../documents/index.js';
import type { InboundMessage, ParsedSnapshot } from '../../domain/inbound-message.js';
import { authoriseSender, describeRefusal, isTransientVerdict, type SenderVerdict } from '../../domain/sender-authorisation.js';
import { USER_REPOSITORY, type UserRepository } from '../../../identity/index.js';
import { SenderCheckUnavailableError } from '../failure-classification.js';
import { INBOUND_MESSAGE_REPOSITORY, type InboundMessageRepository } from '../ports/inbound-message.repository.port.js';
import { SENDER_AUTHENTICATOR, type SenderAuthenticator } from '../ports/sender-authenticator.port.js';

/**
 * The allow-list (and, when enforced, DMARC/DKIM) decides; a refused mail keeps only its metadata and
 * a reason, and costs nothing.
 */
@injectable()
export class AuthoriseStep {
  constructor(
    @inject(INBOUND_MESSAGE_REPOSITORY) private readonly messages: InboundMessageRepository,
    @inject(SENDER_AUTHENTICATOR) private readonly authenticator: SenderAuthenticator,
    @inject(USER_REPOSITORY) private readonly users: UserRepository,
    @inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async run(
    message: InboundMessage,
    snapshot: ParsedSnapshot,
    document: Document,
  ): Promise<{ allowed: true; sender: string; note: string | null } | { allowed: false }> {
    const verdict = await this.verdictFor(message);
    if (verdict) await this.messages.saveStep(message.id, { authVerdict: verdict });
    // Under enforce a DNS hiccup must not refuse good mail for ever: retry the step later.
    if (this.config.SENDER_AUTH === 'enforce' && isTransientVerdict(verdict)) throw new SenderCheckUnavailableError(verdict?.detail ?? 'temporary error');
    const owner = await this.users.findById(message.ownerId);
    const decision = authoriseSender({
      ownerEmail: owner?.email ?? null,
      from: snapshot.from,
      originalSender: snapshot.originalSender,
      allowList: document.emails,
      verdict,
      mode: this.config.SENDER_AUTH,
    });
    if (decision.allowed) {
      const from = snapshot.from;
      const sender = decision.via === 'original-sender' || !from ? decision.sender : from.name ? `${from.name} <${from.address}>` : from.address;
      // Under report the verdict never blocks, but a failed check is shown with the mail.
      const note = verdict?.result === 'fail' ? `Processed, but the sender's domain failed DMARC/DKIM checks (${verdict.detail}).` : null;
      return { allowed: true, sender, note };
    }
    await this.messages.finish(message.id, { status: 'ignored', reason: describeRefusal(decision) });
    return { allowed: false };
  }

  private async verdictFor(message: InboundMessage): Promise<SenderVerdict | null> {
    if (this.config.SENDER_AUTH === 'off' || !message.raw) return null;
    return this.authenticator.verify(message.raw, message.envelope);
  }
}
