import { inject, injectable } from 'tsyringe';
import { LOGGER, type Logger } from '../../../../platform/logging/logger.js';
import type { InboundMessage } from '../../domain/inbound-message.js';
import { formatMailDate } from '../../domain/mail-block.js';
import { INBOUND_MESSAGE_REPOSITORY, type EarlierDelivery, type InboundMessageRepository } from '../ports/inbound-message.repository.port.js';

/**
 * A sending server that did not read our 250 (the connection dropped after the commit) delivers the
 * same message again: the later copy ends `duplicate`, unsummarised and uncharged. Two copies running
 * at once agree on which is later (arrival, then id), so exactly one goes on.
 */
@injectable()
export class RedeliveryStep {
  constructor(
    @inject(INBOUND_MESSAGE_REPOSITORY) private readonly messages: InboundMessageRepository,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** True when this message is a later copy (`earlier`, found by the run's claim), now ended `duplicate`. */
  async run(message: InboundMessage, earlier: EarlierDelivery | null): Promise<boolean> {
    if (!earlier) return false;
    await this.messages.finish(message.id, {
      status: 'duplicate',
      duplicateOf: earlier.id,
      reason: `Already received on ${formatMailDate(earlier.receivedAt)}: the same message was delivered again, so it was not summarised or charged a second time.`,
    });
    this.logger.info({ messageId: message.id, earlier: earlier.id }, 'mail redelivered; kept as duplicate');
    return true;
  }
}
