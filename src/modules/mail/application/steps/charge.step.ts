import { inject, injectable } from 'tsyringe';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config.js';
import { LOGGER, type Logger } from '../../../../platform/logging/logger.js';
import { ReserveTokens, tokensForCharacters } from '../../../token-ledger/index.js';
import { reservationIdOf, type InboundMessage } from '../../domain/inbound-message.js';
import type { StructuredMail } from '../../domain/structured-mail.js';
import { hasNothingToSummarise, summaryInput, type SummaryInput } from '../../domain/summary-input.js';
import { INBOUND_MESSAGE_REPOSITORY, type InboundMessageRepository, type StepResults } from '../ports/inbound-message.repository.port.js';
import { SUBSCRIPTION_GATE, type SubscriptionGate } from '../ports/subscription-gate.port.js';

/** `cost` 0: nothing to summarise, so nothing was reserved. */
export type ChargeOutcome = { outcome: 'held' } | { outcome: 'reserved'; cost: number; input: SummaryInput };

/**
 * Costs the mail and reserves its tokens. The cost is what is summarised: the subject, the cleaned body
 * (quoted history, footers and boilerplate gone) and the attachments' text, capped together. A mail with
 * nothing to summarise costs nothing and reserves nothing. Without an active plan or enough tokens the
 * mail is held, with a reason the user can act on.
 */
@injectable()
export class ChargeStep {
  constructor(
    @inject(INBOUND_MESSAGE_REPOSITORY) private readonly messages: InboundMessageRepository,
    @inject(SUBSCRIPTION_GATE) private readonly subscriptions: SubscriptionGate,
    @inject(ReserveTokens) private readonly reserve: ReserveTokens,
    @inject(APP_CONFIG) private readonly config: AppConfig,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * `input` in the result is what is summarised, as charged. `unsaved`: earlier steps' results, recorded
   * here with the cost in one write before anything is reserved.
   */
  async run(message: InboundMessage, mail: StructuredMail, unsaved: StepResults = {}): Promise<ChargeOutcome> {
    const input = summaryInput(mail, this.config.MAX_INPUT_CHARS);
    const free = hasNothingToSummarise(input);
    const cost = message.costTokens ?? (free ? 0 : tokensForCharacters(input.chars, this.config.CHARS_PER_TOKEN));
    const results: StepResults = { ...unsaved, ...(message.costTokens === null ? { costTokens: cost } : {}) };
    if (cost === 0) {
      if (Object.keys(results).length > 0) await this.messages.saveStep(message.id, results);
      return { outcome: 'reserved', cost, input };
    }
    if (!(await this.subscriptions.isActive(message.ownerId))) {
      await this.messages.saveStep(message.id, {
        ...results,
        status: 'held',
        reason: 'No active subscription: choose a plan and this mail will be processed by itself.',
      });
      return { outcome: 'held' };
    }
    // Recorded before the reservation: a later run charges the very cost reserved now.
    if (Object.keys(results).length > 0) await this.messages.saveStep(message.id, results);
    const reservation = await this.reserve.execute({ userId: message.ownerId, reservationId: reservationIdOf(message), tokens: cost, description: `Mail: ${mail.subject || '(no subject)'}` });
    if (!reservation.ok) {
      await this.messages.saveStep(message.id, {
        status: 'held',
        reason: `Not enough tokens: this mail needs ${cost} token${cost === 1 ? '' : 's'}. It will be processed by itself once tokens are added.`,
      });
      this.logger.info({ messageId: message.id, cost }, 'mail held for tokens');
      return { outcome: 'held' };
    }
    return { outcome: 'reserved', cost, input };
  }
}
