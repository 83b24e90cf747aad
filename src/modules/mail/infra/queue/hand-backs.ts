import type { Logger } from 'pino';
import type { Database } from '../../../../platform/db/database.js';
import { isDatabaseUnreachable } from '../../application/failure-classification.js';

/** Tries again at 0.25 s, doubling, at most 5 s apart. */
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5_000;

/** A run's lease as its claim took it: the row's `run_lease_until`, to the microsecond, as Postgres wrote it. */
export interface TakenLease {
  messageId: string;
  /** `run_lease_until::text` as the claim returned it; null when unknown (then only a lease already cleared matches). */
  lease: string | null;
}

interface Pending extends TakenLease {
  /** Past this (this process's clock), the lease has run out and the mail is claimed again anyway. */
  giveUpAt: number;
}

/**
 * Mail whose run threw (the database could not be reached, mostly) goes back in line: its lease cleared
 * and due again. When that release cannot reach the database either, the mail is remembered and handed
 * back as soon as a statement succeeds again (the workers' next claim, the boot lock taken again) or at
 * the latest at the next retry (0.25 s, doubling, at most 5 s apart), instead of waiting for its lease to
 * run out (10 minutes by default). Retries stop when the lease would have run out anyway, and with the
 * process; the next start of the process releases what is left (run-holder.ts).
 *
 * A release names the lease its claim took: a lease that ran out and was taken by another run (here or
 * in another process) meanwhile is never cleared.
 */
export class HandBacks {
  private readonly pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | null = null;
  private delayMs = RETRY_FIRST_MS;
  private flushing: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly options: { leaseSeconds: number; retrySeconds: number },
    private readonly logger: Logger,
    /** Mail was handed back: it is due now. */
    private readonly onHandedBack: () => void,
  ) {}

  /** Mail ids waiting to be handed back (for tests and logs). */
  get waiting(): string[] {
    return [...this.pending.keys()];
  }

  /**
   * Hands back the run's mail: lease cleared, due again after `retrySeconds`. When the database cannot
   * take that now, remembers it and hands it back (due now) as soon as it can.
   */
  async handBack(taken: TakenLease, claimedAt: number): Promise<void> {
    try {
      await this.release([taken], this.options.retrySeconds);
    } catch (error) {
      if (this.stopped) return;
      this.logger.warn({ err: error, messageId: taken.messageId }, 'could not hand back a mail run; it is handed back once the database answers');
      this.pending.set(taken.messageId, { ...taken, giveUpAt: claimedAt + this.options.leaseSeconds * 1000 });
      this.schedule();
    }
  }

  /** A statement just succeeded: hand back what is waiting now rather than at the next retry. */
  databaseAnswered(): void {
    if (this.pending.size === 0 || this.flushing || this.stopped) return;
    this.delayMs = RETRY_FIRST_MS;
    void this.flush();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    if (this.timer || this.flushing || this.stopped || this.pending.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.delayMs);
    this.timer.unref();
    this.delayMs = Math.min(this.delayMs * 2, RETRY_MAX_MS);
  }

  private flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.flushing ??= (async () => {
      const now = Date.now();
      for (const [id, entry] of this.pending) if (entry.giveUpAt <= now) this.pending.delete(id);
      const batch = [...this.pending.values()];
      if (batch.length === 0) return;
      try {
        await this.release(batch, 0);
        for (const entry of batch) if (this.pending.get(entry.messageId) === entry) this.pending.delete(entry.messageId);
        this.delayMs = RETRY_FIRST_MS;
        this.logger.info({ messageIds: batch.map((entry) => entry.messageId) }, 'handed back mail runs cut off from the database');
        this.onHandedBack();
      } catch (error) {
        if (!isDatabaseUnreachable(error)) this.logger.error({ err: error }, 'could not hand back mail runs');
      }
    })().finally(() => {
      this.flushing = null;
      this.schedule();
    });
    return this.flushing;
  }

  /**
   * One statement: each mail's lease cleared when it is still the one its claim took (or already
   * cleared), and the mail due after `delaySeconds` unless it is held or final meanwhile.
   */
  private async release(leases: TakenLease[], delaySeconds: number): Promise<void> {
    await this.db.raw(
      `UPDATE inbound_messages AS m
       SET run_lease_until = NULL, run_owner = NULL, run_boot_id = NULL,
           due_at = CASE WHEN m.status IN ('received', 'processing') THEN CURRENT_TIMESTAMP + make_interval(secs => :delay) ELSE m.due_at END
       FROM json_to_recordset(CAST(:leases AS json)) AS taken(id uuid, lease timestamptz)
       WHERE m.id = taken.id AND m.status IN ('received', 'processing', 'held')
         AND (m.run_lease_until IS NULL OR m.run_lease_until = taken.lease)`,
      { delay: delaySeconds, leases: JSON.stringify(leases.map(({ messageId, lease }) => ({ id: messageId, lease }))) },
    );
  }
}
