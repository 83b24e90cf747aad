import { randomUUID } from 'node:crypto';
import { inject, injectable } from 'tsyringe';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config.js';
import { CLOCK, type Clock } from '../../../../shared/clock.js';
import { ContinueDocument, DocStoreBusyError, type ContinuationTarget, type Document } from '../../../documents/index.js';
import type { InboundMessage, StoredSummary } from '../../domain/inbound-message.js';
import type { StructuredMail } from '../../domain/structured-mail.js';
import { DOC_SIZE_WARNING_CHARACTERS, composeBlock, mailRowLink } from '../../domain/mail-block.js';
import { cutNote, type SummaryInput } from '../../domain/summary-input.js';
import type { WrittenBlock } from '../../domain/written-block.js';
import { BLOCK_WRITE_USE, DOC_WRITE_LIMITER, type DocWriteLimiter } from '../ports/doc-write-limiter.port.js';
import { JOB_QUEUE, type JobQueue } from '../ports/job-queue.port.js';
import { PENDING_BLOCK_REPOSITORY, type PendingBlock, type PendingBlockRepository } from '../ports/pending-block.repository.port.js';
import { MAX_BATCH_BLOCKS, PENDING_CLAIM_LEASE_MS, blockSize, chooseBatch } from './block-batch.js';
import { DocumentBlocks } from './document-blocks.js';

/**
 * `writtenAt` and `block` (the block as written, kept with the record) are recorded when the mail ends
 * (settle.step.ts): a run that dies before finds the block and writes nothing.
 */
export type WriteOutcome = { outcome: 'written'; writtenAt: Date; block: WrittenBlock; warning: string | null } | { outcome: 'wait'; retryAfterSeconds: number };

type Continued = Extract<ContinuationTarget, { outcome: 'write' }>['continuedIn'];

/**
 * Writes the block exactly once: a recorded write is never repeated, and before writing, the document is
 * searched for the mail's reference, in case an earlier run wrote it and died before the mail ended.
 * A burst to one document is written in fewer, larger requests (docs/operations.md § Google's quotas): a
 * mail that finds no room in the write budget leaves its block pending; the next run that gets a slot
 * writes its own block and the pending ones in one request, and marks them written, so their runs only end.
 */
@injectable()
export class WriteStep {
  constructor(
    @inject(DocumentBlocks) private readonly linked: DocumentBlocks,
    @inject(DOC_WRITE_LIMITER) private readonly limiter: DocWriteLimiter,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(JOB_QUEUE) private readonly queue: JobQueue,
    @inject(APP_CONFIG) private readonly config: AppConfig,
    @inject(ContinueDocument) private readonly continuation: ContinueDocument,
    @inject(PENDING_BLOCK_REPOSITORY) private readonly pending: PendingBlockRepository,
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
    const now = this.clock.now();
    const staleBefore = new Date(now.getTime() - PENDING_CLAIM_LEASE_MS);
    // The link back to the mail's row is written, not kept: the kept block (and its marker) stays heading, meta and body.
    const own: PendingBlock = { messageId: message.id, ...block, link: mailRowLink(this.config.PUBLIC_URL, document.id, message.id), receivedAt: message.receivedAt };
    const [slot] = await Promise.all([this.limiter.tryAcquire(message.ownerId, now, BLOCK_WRITE_USE, { messageId: message.id, documentId: document.id, staleBefore }), recorded]);
    if (!slot.ok) {
      // A batch wrote this block: the mail ends as if it had written it itself.
      if ('written' in slot) return { outcome: 'written', writtenAt: slot.written.writtenAt, block, warning: null };
      return this.waitFor(document, own, slot.retryAfterSeconds);
    }

    const token = randomUUID();
    const claimed = slot.othersPending === false ? [] : await this.pending.claim({ documentId: document.id, exceptMessageId: message.id, token, now, staleBefore, limit: MAX_BATCH_BLOCKS - 1 });
    const owner = { userId: message.ownerId };
    let written: PendingBlock[] = [];
    let existing: string;
    let continuedIn: Continued = null;
    let tabMissing = false;
    try {
      existing = await this.linked.readText(owner, document.externalId);
      // Blocks the document already holds (an earlier run's write, or a batch's whose run died) are not written again.
      const where = await this.linked.whereWritten(owner, document, existing, [own, ...claimed], slot.ownPending ? [own, ...claimed] : claimed);
      const found = claimed.filter((candidate) => where.has(candidate.messageId));
      const { batch, left } = chooseBatch(where.has(own.messageId) ? null : own, claimed.filter((candidate) => !where.has(candidate.messageId)), this.continuation.threshold() - existing.length);
      await this.pending.release(left.map((candidate) => candidate.messageId), token);
      for (const externalId of new Set(found.map((candidate) => where.get(candidate.messageId)))) {
        if (externalId) await this.pending.markWritten(found.filter((candidate) => where.get(candidate.messageId) === externalId).map((candidate) => candidate.messageId), token, externalId, now);
      }
      if (batch.length > 0) {
        // A document the batch would fill up continues in its next part first (docs/operations.md).
        const room = await this.continuation.execute({ document, size: existing.length, blockSize: batch.reduce((sum, next) => sum + blockSize(next), 0) });
        if (room.outcome === 'wait') {
          await this.pending.release(batch.map((candidate) => candidate.messageId), token);
          return await this.waitFor(document, own, room.retryAfterSeconds);
        }
        continuedIn = room.continuedIn;
        tabMissing = await this.linked.write(owner, document, room.externalId, batch);
        written = batch;
        const others = batch.filter((candidate) => candidate.messageId !== message.id).map((candidate) => candidate.messageId);
        await this.pending.markWritten(others, token, room.externalId, this.clock.now());
      }
    } catch (error) {
      // Nothing of the batch is marked: each of its mails writes itself on its next run (the markers and
      // the reference check catch a block that did land).
      await this.pending.release(claimed.map((candidate) => candidate.messageId), token).catch(() => undefined);
      // Google's rate limit (429): nothing was written (and the marker would catch a copy that was), so
      // the mail waits like a full budget, with no attempt counted.
      if (error instanceof DocStoreBusyError) return this.waitFor(document, own, error.retryAfterSeconds);
      throw error;
    }
    const writtenAt = this.clock.now();
    const size = existing.length + written.reduce((sum, next) => sum + blockSize(next), 0);
    const warning = continuedIn
      ? `The linked document was full: this summary starts ${continuedIn.title}, a new document it continues in (${continuedIn.url}).`
      : size >= DOC_SIZE_WARNING_CHARACTERS
        ? `Warning: the linked document holds about ${Math.round(size / 1000)}k characters; Google Docs stops near 1,000,000. Start a new document soon.`
        : null;
    const tabNote = tabMissing ? 'The tab chosen for this document is gone: this summary went to the first tab. Choose a tab again in the document settings.' : null;
    return { outcome: 'written', writtenAt, block, warning: [tabNote, warning].filter((note) => note !== null).join(' ') || null };
  }

  /**
   * Due again once the budget's window (or Google's) has room: this run ends without the mail. Its block
   * waits with it, for a batch of a run that gets a slot meanwhile.
   */
  private async waitFor(document: Document, own: PendingBlock, retryAfterSeconds: number): Promise<WriteOutcome> {
    await this.pending.hold(document.id, own);
    await this.queue.enqueueProcessing(own.messageId, { delaySeconds: retryAfterSeconds });
    return { outcome: 'wait', retryAfterSeconds };
  }
}
