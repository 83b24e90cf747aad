import { inject, injectable } from 'tsyringe';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { LOGGER, type Logger } from '../../../platform/logging/logger.js';
import { CLOCK, DAY_MS, type Clock } from '../../../shared/clock.js';
import { TokenReports } from '../../token-ledger/index.js';
import { HELD_MAIL, type HeldMail } from './ports/held-mail.port.js';
import { INBOUND_MESSAGE_REPOSITORY, type InboundMessageRepository } from './ports/inbound-message.repository.port.js';
import { SUBSCRIPTION_GATE, type SubscriptionGate } from './ports/subscription-gate.port.js';

/**
 * Runs every minute, and for one user within seconds of a credit (HeldMailWaker): held mail whose owner
 * can now pay goes back in line, oldest first; held mail older than HOLD_DAYS expires, with a reason,
 * never silently. The content that ignored and failed mail keeps is dropped by the retention job
 * (modules/retention), after as long.
 */
@injectable()
export class SweepHeldMail {
  constructor(
    @inject(INBOUND_MESSAGE_REPOSITORY) private readonly messages: InboundMessageRepository,
    @inject(HELD_MAIL) private readonly heldMail: HeldMail,
    @inject(TokenReports) private readonly tokens: TokenReports,
    @inject(SUBSCRIPTION_GATE) private readonly subscriptions: SubscriptionGate,
    @inject(APP_CONFIG) private readonly config: AppConfig,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(onlyUserId?: string): Promise<{ resumed: number; expired: number }> {
    const now = this.clock.now().getTime();
    const held = onlyUserId ? await this.heldMail.heldOf(onlyUserId) : await this.messages.heldMessages();
    const available = new Map<string, number>();
    let resumed = 0;
    let expired = 0;
    for (const message of held) {
      if (message.heldAt && now - message.heldAt.getTime() > this.config.HOLD_DAYS * DAY_MS) {
        const reason = `Expired: not enough tokens within ${this.config.HOLD_DAYS} days.`;
        if (await this.messages.finish(message.id, { status: 'expired', reason })) expired += 1;
        continue;
      }
      if (!available.has(message.ownerId)) {
        // Without an active subscription nothing can be paid for (this also renews a local subscription).
        const active = await this.subscriptions.isActive(message.ownerId);
        const state = await this.tokens.state(message.ownerId);
        available.set(message.ownerId, !active ? 0 : state.unlimited ? Number.POSITIVE_INFINITY : state.subscriptionTokens + state.additionalTokens);
      }
      const left = available.get(message.ownerId) ?? 0;
      const cost = message.costTokens ?? 1;
      if (left < cost) continue;
      // Counted against what is left, so a small grant does not wake more mail than it can pay for.
      available.set(message.ownerId, left - cost);
      if (await this.messages.requeue(message.id)) resumed += 1;
    }
    if (resumed || expired) this.logger.info({ resumed, expired }, 'held mail swept');
    return { resumed, expired };
  }
}
