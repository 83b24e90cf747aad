/**
 * Group commit: while one batch is being written, the items that arrive queue up and go together in the
 * next one, and each caller's promise settles only after the write that holds its item. Under load one
 * write carries many items. The SMTP intake uses it (each sender gets its 250 only after the commit that
 * holds its message, which is what lets durable intake keep up with a server that stores nothing), and so
 * do the notices the server's processes send each other (one `pg_notify` statement for many).
 *
 * `gatherMs` (0: none) makes the first message after a quiet spell wait that long for company. On a
 * database with one connection (the embedded one) the sessions otherwise fall into lock step: each
 * session's recipient lookup waits for the previous commit, so its message reaches the queue only after
 * that commit and every commit carries one message. Measured on the intake benchmark (8 connections):
 * 1 message per commit and 176–228 messages/s without it, 8 per commit and 330–520 messages/s with 1 ms.
 */
export class GroupCommit<T> {
  private queued: { item: T; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private committing = false;

  constructor(
    private readonly commit: (items: T[]) => Promise<void>,
    private readonly maxBatch: number,
    private readonly gatherMs = 0,
  ) {}

  submit(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queued.push({ item, resolve, reject });
      if (!this.committing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.committing = true;
    try {
      if (this.gatherMs > 0) await new Promise((resolve) => setTimeout(resolve, this.gatherMs));
      while (this.queued.length > 0) {
        const batch = this.queued.splice(0, this.maxBatch);
        try {
          await this.commit(batch.map((entry) => entry.item));
          for (const entry of batch) entry.resolve();
        } catch (error) {
          if (batch.length === 1) {
            batch[0]?.reject(error);
            continue;
          }
          // One bad message must not fail its neighbours: each is tried alone, and only the ones that
          // fail again are refused (their senders get a temporary error and retry).
          for (const entry of batch) {
            await this.commit([entry.item]).then(entry.resolve, entry.reject);
          }
        }
      }
    } finally {
      this.committing = false;
    }
  }
}
