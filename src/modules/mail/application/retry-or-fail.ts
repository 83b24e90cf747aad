import { inject, injectable } from 'tsyringe';
import { LOGGER, type Logger } from '../../../platform/logging/logger.js';
import { LlmUnavailableError } from '../../summarization/index.js';
import { RefundTokens } from '../../token-ledger/index.js';
import { reservationIdOf, type InboundMessage } from '../domain/inbound-message.js';
import { MAX_ATTEMPTS, retryDelaySeconds } from '../domain/retry-policy.js';
import { classifyFailure } from './failure-classification.js';
import { INBOUND_MESSAGE_REPOSITORY, type InboundMessageRepository } from './ports/inbound-message.repository.port.js';
import { JOB_QUEUE, type JobQueue } from './ports/job-queue.port.js';

/**
 * What a failed run leads to: a transient failure is retried later with a growing delay; a permanent
 * one, or the last attempt, refunds the reservation and ends the mail `failed` with a reason.
 */
@injectable()
export class RetryOrFail {
  constructor(
    @inject(INBOUND_MESSAGE_REPOSITORY) private readonly messages: InboundMessageRepository,
    @inject(JOB_QUEUE) private readonly queue: JobQueue,
    @inject(RefundTokens) private readonly refund: RefundTokens,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** 'failed' when the mail ended, null when a retry was scheduled. */
  async handle(message: InboundMessage, error: unknown): Promise<'failed' | null> {
    const failure = classifyFailure(error);
    const current = (await this.messages.findById(message.id)) ?? message;
    // A model call that fell back or repaired before failing spent more than one request.
    const attempts = current.attempts + (error instanceof LlmUnavailableError ? error.requests : 1);
    // Once the summary is in the document the mail must end processed and charged: keep trying to settle.
    if ((failure.transient && attempts < MAX_ATTEMPTS) || current.writtenAt) {
      const delay = retryDelaySeconds(attempts, Math.random());
      await this.messages.saveStep(message.id, { attempts, reason: `Retrying (${attempts}/${MAX_ATTEMPTS - 1}): ${failure.reason}` });
      await this.queue.enqueueProcessing(message.id, { delaySeconds: delay });
      this.logger.warn({ messageId: message.id, attempts, delay, reason: failure.reason }, 'mail step failed; retrying');
      return null;
    }
    await this.refund.execute({ userId: message.ownerId, reservationId: reservationIdOf(current), reason: `Refund: ${failure.reason}` });
    await this.messages.finish(message.id, { status: 'failed', reason: failure.reason, usedTokens: 0 });
    this.logger.error({ messageId: message.id, err: error }, 'mail failed');
    return 'failed';
  }
}
