import type { PendingBlock } from '../ports/pending-block.repository.port.js';
import { MINUTE_MS } from '../../../../shared/clock.js';

/**
 * At most this many blocks go in one batchUpdate: a burst to one document is written 20 at a time, one
 * slot of the write budget each (docs/operations.md § Google's quotas).
 */
export const MAX_BATCH_BLOCKS = 20;
/**
 * Characters of blocks in one batchUpdate, well under the size of a request Google takes (its requests
 * carry each block's text once, plus styles by index).
 */
export const MAX_BATCH_CHARACTERS = 200_000;
/** How long a batch's claim on other mails' blocks holds: well past the longest write the Google adapter tries. */
export const PENDING_CLAIM_LEASE_MS = 5 * MINUTE_MS;

/** Characters a block adds to its document, as the continuation threshold counts them (the link is not in the text). */
export function blockSize(block: Pick<PendingBlock, 'heading' | 'meta' | 'body'>): number {
  return block.heading.length + block.meta.length + block.body.length;
}

/**
 * The blocks one write carries: the run's own block (null when the document already holds it) and, oldest
 * first, the claimed pending blocks that fit, under the batch's caps and within the part's threshold
 * (`room`: characters the part takes before it continues). The first block always goes, even past `room`:
 * the document then continues in its next part, as for a single block. In order of the mails' arrival.
 */
export function chooseBatch(own: PendingBlock | null, pending: readonly PendingBlock[], room: number): { batch: PendingBlock[]; left: PendingBlock[] } {
  const batch: PendingBlock[] = own ? [own] : [];
  const left: PendingBlock[] = [];
  let size = own ? blockSize(own) : 0;
  for (const block of pending) {
    const next = size + blockSize(block);
    // A batch never goes empty: its first block continues the document when the part has no room for it.
    if (batch.length === 0 || (batch.length < MAX_BATCH_BLOCKS && next <= MAX_BATCH_CHARACTERS && next <= room)) {
      batch.push(block);
      size = next;
    } else left.push(block);
  }
  batch.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime() || a.messageId.localeCompare(b.messageId));
  return { batch, left };
}
