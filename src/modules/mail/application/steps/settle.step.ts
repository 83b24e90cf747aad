import { inject, injectable } from 'tsyringe';
import { LOGGER, type Logger } from '../../../../platform/logging/logger.js';
import type { Document } from '../../../documents/index.js';
import { SettleTokens } from '../../../token-ledger/index.js';
import { reservationIdOf, type InboundMessage } from '../../domain/inbound-message.js';
import type { StructuredMail } from '../../domain/structured-mail.js';
import type { WrittenBlock } from '../../domain/written-block.js';
import { INBOUND_MESSAGE_REPOSITORY, type InboundMessageRepository } from '../ports/inbound-message.repository.port.js';

/** The block is in the document: the reservation becomes usage and the mail ends `processed`. */
@injectable()
export class SettleStep {
  constructor(
    @inject(INBOUND_MESSAGE_REPOSITORY) private readonly messages: InboundMessageRepository,
    @inject(SettleTokens) private readonly settle: SettleTokens,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * `reason`: a note shown with the processed mail (a size warning, a failed sender check), or null.
   * `writtenAt`: when the block went into the document, recorded as the mail ends with the block as written.
   */
  async run(message: InboundMessage, mail: StructuredMail, document: Document, ended: { cost: number; reason: string | null; writtenAt: Date; block: WrittenBlock }): Promise<void> {
    try {
      // A mail with nothing to summarise reserved nothing (charge.step.ts): there is nothing to settle.
      if (ended.cost > 0) {
        const settled = await this.settle.execute({ userId: message.ownerId, reservationId: reservationIdOf(message), operation: `Summary: ${mail.subject || '(no subject)'} → ${document.name}` });
        if (!settled.ok) throw new Error(`could not settle the reservation of ${message.id}: ${settled.reason}`);
      }
      await this.messages.finish(message.id, { status: 'processed', reason: ended.reason, usedTokens: ended.cost, writtenAt: ended.writtenAt, block: ended.block });
    } catch (error) {
      // The block is in the document: recorded now, so that every later run goes on to settle and end the
      // mail processed rather than refund it (retry-or-fail.ts).
      if (!message.writtenAt) await this.messages.saveStep(message.id, { writtenAt: ended.writtenAt, block: ended.block }).catch(() => undefined);
      throw error;
    }
    this.logger.info({ messageId: message.id, documentId: document.id, tokens: ended.cost }, 'mail processed');
  }
}
