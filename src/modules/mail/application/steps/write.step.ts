import { inject, injectable } from 'tsyringe';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config.js';
import { CLOCK, type Clock } from '../../../../shared/clock.js';
import { ContinueDocument, DOC_STORE, DocStoreBusyError, type ContinuationTarget, type DocStore, type Document } from '../../../documents/index.js';
import type { InboundMessage, StoredSummary } from '../../domain/inbound-message.js';
import type { StructuredMail } from '../../domain/structured-mail.js';
import { DOC_SIZE_WARNING_CHARACTERS, blockRef, composeBlock, mailRowLink } from '../../domain/mail-block.js';
import { cutNote, type SummaryInput } from '../../domain/summary-input.js';
import type { WrittenBlock } from '../../domain/written-block.js';
import { DOC_WRITE_LIMITER, type DocWriteLimiter } from '../ports/doc-write-limiter.port.js';
import { JOB_QUEUE, type JobQueue } from '../ports/job-queue.port.js';
import { MAIL_METRICS, type MailMetrics } from '../ports/mail-metrics.port.js';

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
    @inject(APP_CONFIG) private readonly config: AppConfig,
    @inject(ContinueDocument) private readonly continuation: ContinueDocument,
    @inject(MAIL_METRICS) private readonly metrics: MailMetrics,
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
    if (!slot.ok) return this.waitFor(message.id, slot.retryAfterSeconds);

    let existing: string;
    let continuedIn: Extract<ContinuationTarget, { outcome: 'write' }>['continuedIn'] = null;
    let tabMissing = false;
    try {
      existing = await this.store.readText(owner, document.externalId);
      if (!existing.includes(blockRef(message.id))) {
        // A document the block would fill up continues in its next part first (docs/operations.md).
        const blockSize = block.heading.length + block.meta.length + block.body.length;
        const room = await this.continuation.execute({ document, size: existing.length, blockSize });
        if (room.outcome === 'wait') return this.waitFor(message.id, room.retryAfterSeconds);
        continuedIn = room.continuedIn;
        try {
          // The link back to the mail's row is written, not kept: the kept block (and its marker) stays heading, meta and body.
          const link = mailRowLink(this.config.PUBLIC_URL, document.id, message.id);
          // The chosen tab is one of the linked document's: a part it continued in has only its first tab.
          const tabId = room.externalId === document.externalId ? (document.tabId ?? null) : null;
          const result = await this.store.write(owner, room.externalId, { ...block, link }, document.overwriteAtBeginning ? 'beginning' : 'end', tabId);
          tabMissing = result?.tabMissing ?? false;
        } catch (error) {
          if (!(error instanceof DocStoreBusyError)) this.metrics.docWriteFailed();
          throw error;
        }
      }
    } catch (error) {
      // Google's rate limit (429): nothing was written (and the marker would catch a copy that was), so
      // the mail waits like a full budget, with no attempt counted.
      if (error instanceof DocStoreBusyError) return this.waitFor(message.id, error.retryAfterSeconds);
      throw error;
    }
    const writtenAt = this.clock.now();
    const size = existing.length + block.heading.length + block.meta.length + block.body.length;
    const warning = continuedIn
      ? `The linked document was full: this summary starts ${continuedIn.title}, a new document it continues in (${continuedIn.url}).`
      : size >= DOC_SIZE_WARNING_CHARACTERS
        ? `Warning: the linked document holds about ${Math.round(size / 1000)}k characters; Google Docs stops near 1,000,000. Start a new document soon.`
        : null;
    const tabNote = tabMissing ? 'The tab chosen for this document is gone: this summary went to the first tab. Choose a tab again in the document settings.' : null;
    return { outcome: 'written', writtenAt, block, warning: [tabNote, warning].filter((note) => note !== null).join(' ') || null };
  }

  /** Due again once the budget's window (or Google's) has room: this run ends without the mail. */
  private async waitFor(messageId: string, retryAfterSeconds: number): Promise<WriteOutcome> {
    await this.queue.enqueueProcessing(messageId, { delaySeconds: retryAfterSeconds });
    return { outcome: 'wait', retryAfterSeconds };
  }
}
