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
  tryAcquire(userId: string, now: Date, use?: DocApiUse): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }>;
}

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
 * One block's write (write.step.ts): the write step reads the document for the mail's reference, the
 * store reads it again for the revision and the markers, then writes once.
 */
export const BLOCK_WRITE_USE: DocApiUse = { writes: 1, reads: 2 };

export const DOC_WRITE_LIMITER = Symbol('DocWriteLimiter');
