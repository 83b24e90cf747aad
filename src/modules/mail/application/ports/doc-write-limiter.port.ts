/**
 * Google counts document writes a minute per user (60) and per project (600: every user of the install
 * together), and reads a minute per user (300). The pipeline stays under budgets set below those
 * (docs/operations.md, "Google's quotas") across every worker process, and waits for the next window
 * instead of being refused.
 */
export interface DocWriteLimiter {
  /**
   * Takes `use` from the user's and the project's budgets of the current minute, all or nothing: a
   * refused call takes nothing, and says when the next window opens.
   */
  tryAcquire(userId: string, now: Date, use?: DocApiUse, block?: BlockTurn): Promise<DocWriteSlot>;
}

/**
 * For a mail's own block (write.step.ts): whose block it is, so that a mail whose pending block a batch
 * wrote, or is writing, takes nothing (pending-block.repository.port.ts).
 */
export interface BlockTurn {
  messageId: string;
  documentId: string;
  /** A batch's claim taken before this is its dead run's: the mail takes a slot and writes itself. */
  staleBefore: Date;
}

/** When a mail whose pending block a live batch is writing looks again (no slot taken meanwhile). */
export const BATCH_IN_FLIGHT_WAIT_SECONDS = 5;

export type DocWriteSlot =
  /**
   * With a `BlockTurn`, `othersPending` false: no other block of the document waits, none to claim;
   * `ownPending`: the mail's own block waited, so a batch may have written it.
   */
  | { ok: true; othersPending?: boolean; ownPending?: boolean }
  | { ok: false; retryAfterSeconds: number }
  /** A batch wrote the mail's block (into `externalId`, at `writtenAt`): nothing was taken. */
  | { ok: false; written: { externalId: string; writtenAt: Date } };

/** Calls to the document store one step makes. */
export interface DocApiUse {
  writes: number;
  reads: number;
}

export interface DocBudgets {
  writesPerUser: number;
  writesPerProject: number;
  readsPerUser: number;
}

/**
 * One block's write (write.step.ts), or one batch of them: the write step reads the document for the
 * mails' references, the store reads it again for the revision and the markers, then writes once.
 */
export const BLOCK_WRITE_USE: DocApiUse = { writes: 1, reads: 2 };

export const DOC_WRITE_LIMITER = Symbol('DocWriteLimiter');
