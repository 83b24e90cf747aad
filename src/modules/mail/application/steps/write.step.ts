import { inject, injectable } from 'tsyringe';
import { CLOCK, type Clock } from '../../../../shared/clock.js';
import { DOC_STORE, type DocStore, type Document } from '../../../documents/index.js';
import type { InboundMessage, StoredSummary } from '../../domain/inbound-message.js';
import type { StructuredMail } from '../../domain/structured-mail.js';
import { DOC_SIZE_WARNING_CHARACTERS, blockRef, composeBlock } from '../../domain/mail-block.js';
import { cutNote, type SummaryInput } from '../../domain/summary-input.js';
import type { WrittenBlock } from '../../domain/written-block.js';
import { DOC_WRITE_LIMITER, type DocWriteLimiter } from '../ports/doc-write-limiter.port.js';
import { JOB_QUEUE, type JobQueue } from '../ports/job-queue.port.js';
import { MAIL_METRICS, noMailMetrics, type MailMetrics } from '../ports/mail-metrics.port.js';

/**
 * `writtenAt` and `block` (the block as written, kept with the record) are recorded when the mail ends
 * (settle.step.ts): a run that dies before finds the block and writes nothing.
 */
export type WriteOutcome = { outcome: 'written'; writtenAt: Date; block: WrittenBlock; warning: string | null } | { outcome: 'wait'; retryAfterSeconds: number };

/**
 * Writes the block exactly once: a recorded write is never repeated, and before writing, the document is
 * searched for the mail's reference, in case an earlier run wrote it and died before the mail ended.
 */
@injectable()
export class WriteStep {
  constructor(
    @inject(DOC_STORE) private readonly store: DocStore,
    @inject(DOC_WRITE_LIMITER) private readonly limiter: DocWriteLimiter,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(JOB_QUEUE) private readonly queue: JobQueue,
    @inject(MAIL_METRICS) private readonly metrics: MailMetrics = noMailMetrics,
  ) {}

  /**
   * `recorded`: the summary being stored (summarise.step.ts). The write slot is taken meanwhile, one round
   * trip instead of two in a row; the block is written only once both are done, so a run that dies
   * before finds the summary and asks the model nothing.
   */
  async run(message: InboundMessage, mail: StructuredMail, document: Document, summary: StoredSummary, recorded: Promise<void>, input: SummaryInput): Promise<WriteOutcome> {
    // The same inputs compose the same block: a later run keeps exactly what an earlier one wrote.
    const block = composeBlock({ messageId: message.id, mail, receivedAt: message.receivedAt, body: summary.body, cut: cutNote(input) });
    if (message.writtenAt) {
      await recorded;
      return { outcome: 'written', writtenAt: message.writtenAt, block, warning: null };
    }
    const owner = { userId: message.ownerId };
    const [slot] = await Promise.all([this.limiter.tryAcquire(message.ownerId, this.clock.now()), recorded]);
    if (!slot.ok) {
      // Due again when the document's write window has room: this run ends without the mail.
      await this.queue.enqueueProcessing(message.id, { delaySeconds: slot.retryAfterSeconds });
      return { outcome: 'wait', retryAfterSeconds: slot.retryAfterSeconds };
    }

    const existing = await this.store.readText(owner, document.externalId);
    if (!existing.includes(blockRef(message.id))) {
      try {
        await this.store.write(owner, document.externalId, block, document.overwriteAtBeginning ? 'beginning' : 'end');
      } catch (error) {
        this.metrics.docWriteFailed();
        throw error;
      }
    }
    const writtenAt = this.clock.now();
    const size = existing.length + block.heading.length + block.meta.length + block.body.length;
    const warning =
      size >= DOC_SIZE_WARNING_CHARACTERS
        ? `Warning: the linked document holds about ${Math.round(size / 1000)}k characters; Google Docs stops near 1,000,000. Start a new document soon.`
        : null;
    return { outcome: 'written', writtenAt, block, warning };
  }
}
