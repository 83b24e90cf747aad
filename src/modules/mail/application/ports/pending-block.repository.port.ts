/**
 * The blocks of mails waiting for their document's write budget (docs/operations.md § Google's quotas):
 * the run that gets a slot writes them with its own, in one request, so a burst to one document takes
 * fewer of the budget's writes. A row goes when its mail ends (with whatever end) or is erased.
 */
export interface PendingBlock {
  messageId: string;
  heading: string;
  meta: string;
  body: string;
  /** The "Open in Mailscribe" line's link, written with the block. */
  link: string | null;
  /** The mail's: a batch writes its blocks oldest first. */
  receivedAt: Date;
}

export interface ClaimPendingBlocks {
  documentId: string;
  /** The claiming run's block, written anyway: not claimed. */
  exceptMessageId: string;
  /** Unique per run: only its holder marks the blocks written or gives them back. */
  token: string;
  now: Date;
  /** A claim taken before this is its dead run's: free again. */
  staleBefore: Date;
  limit: number;
}

export interface PendingBlockRepository {
  /** Records the block of a mail about to wait, once (a later wait of the same mail keeps the first). */
  hold(documentId: string, block: PendingBlock): Promise<void>;
  /** Claims up to `limit` of the document's blocks written by no one and claimed by no live run, oldest first. */
  claim(input: ClaimPendingBlocks): Promise<PendingBlock[]>;
  /** The claimed blocks are in `externalId` (the document's part that was written to): their own runs only end. */
  markWritten(messageIds: readonly string[], token: string, externalId: string, writtenAt: Date): Promise<void>;
  /** The claimed blocks were not written (the batch failed, or left them out): free for any run at once. */
  release(messageIds: readonly string[], token: string): Promise<void>;
}

export const PENDING_BLOCK_REPOSITORY = Symbol('PendingBlockRepository');
