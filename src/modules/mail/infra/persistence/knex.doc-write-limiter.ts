import type { Database } from '../../../../platform/db/database.js';
import {
  BATCH_IN_FLIGHT_WAIT_SECONDS,
  BLOCK_WRITE_USE,
  type BlockTurn,
  type DocApiUse,
  type DocBudgets,
  type DocWriteLimiter,
  type DocWriteSlot,
} from '../../application/ports/doc-write-limiter.port.js';
import { MINUTE_MS } from '../../../../shared/clock.js';

interface AnswerRow {
  user_taken: number;
  project_taken: number;
  /** The mail's pending block (with a `BlockTurn`; all null without one): written by a batch, or claimed by a live one. */
  written_external_id: string | null;
  written_at: Date | string | null;
  busy: boolean | null;
  others_pending: boolean;
}

/** Windows older than this are no one's current minute, whatever the clocks of the processes say. */
const KEPT_WINDOWS_MS = 10 * MINUTE_MS;

/**
 * Fixed one-minute windows shared by all processes: the user's row (writes and reads) and the project's
 * row (writes). One statement on the write path (the pipeline's statements per mail are budgeted, see
 * test/integration/mail/pipeline/statements-per-mail.test.ts): a conditional upsert of the user's row,
 * then of the project's row only if the user's was taken, so every caller locks the two rows in the same
 * order; the first write of a minute also drops the windows no one counts in any more. Only when the
 * project's window is full is the user's share given back, by a second statement. With a `BlockTurn`,
 * the same statement first reads the mail's pending block (migration 20261206100000): written by a
 * batch, or claimed by a live one, and nothing is taken.
 */
export class KnexDocWriteLimiter implements DocWriteLimiter {
  constructor(
    private readonly db: Database,
    private readonly budgets: DocBudgets,
  ) {}

  async tryAcquire(userId: string, now: Date, use: DocApiUse = BLOCK_WRITE_USE, block?: BlockTurn): Promise<DocWriteSlot> {
    const windowStart = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
    const refused: DocWriteSlot = { ok: false, retryAfterSeconds: Math.ceil((windowStart.getTime() + MINUTE_MS - now.getTime()) / 1000) + 1 };
    // A use larger than a whole budget could never pass: refuse it rather than wait forever.
    if (use.writes > this.budgets.writesPerUser || use.writes > this.budgets.writesPerProject || use.reads > this.budgets.readsPerUser) return refused;
    const result = await this.db.raw(
      `WITH own AS (
         SELECT written_external_id, written_at, (written_at IS NOT NULL OR coalesce(claimed_at >= :staleBefore, false)) AS busy
         FROM pending_doc_blocks WHERE message_id = :messageId
       ), taken_user AS (
         INSERT INTO doc_write_windows (user_id, window_start, writes, reads)
         SELECT :userId, :windowStart, :writes, :reads WHERE NOT EXISTS (SELECT 1 FROM own WHERE busy)
         ON CONFLICT (user_id, window_start) DO UPDATE
           SET writes = doc_write_windows.writes + :writes, reads = doc_write_windows.reads + :reads
           WHERE doc_write_windows.writes + :writes <= :writesPerUser AND doc_write_windows.reads + :reads <= :readsPerUser
         RETURNING 1
       ), taken_project AS (
         INSERT INTO doc_project_windows (window_start, writes) SELECT :windowStart, :writes FROM taken_user
         ON CONFLICT (window_start) DO UPDATE SET writes = doc_project_windows.writes + :writes
           WHERE doc_project_windows.writes + :writes <= :writesPerProject
         RETURNING (xmax = 0) AS opened
       ), dropped_user AS (
         DELETE FROM doc_write_windows WHERE window_start < :before AND EXISTS (SELECT 1 FROM taken_project WHERE opened)
       ), dropped_project AS (
         DELETE FROM doc_project_windows WHERE window_start < :before AND EXISTS (SELECT 1 FROM taken_project WHERE opened)
       )
       SELECT CAST((SELECT count(*) FROM taken_user) AS int) AS user_taken, CAST((SELECT count(*) FROM taken_project) AS int) AS project_taken,
         (SELECT written_external_id FROM own) AS written_external_id, (SELECT written_at FROM own) AS written_at, (SELECT busy FROM own) AS busy,
         EXISTS (SELECT 1 FROM pending_doc_blocks WHERE document_id = :documentId AND written_at IS NULL AND message_id <> :messageId) AS others_pending`,
      {
        messageId: block?.messageId ?? null,
        documentId: block?.documentId ?? null,
        staleBefore: block?.staleBefore ?? null,
        userId,
        windowStart,
        writes: use.writes,
        reads: use.reads,
        writesPerUser: this.budgets.writesPerUser,
        readsPerUser: this.budgets.readsPerUser,
        writesPerProject: this.budgets.writesPerProject,
        before: new Date(windowStart.getTime() - KEPT_WINDOWS_MS),
      },
    );
    const [row] = (result as { rows?: AnswerRow[] }).rows ?? [];
    if (row?.written_at && row.written_external_id) return { ok: false, written: { externalId: row.written_external_id, writtenAt: new Date(row.written_at) } };
    if (row?.busy) return { ok: false, retryAfterSeconds: BATCH_IN_FLIGHT_WAIT_SECONDS };
    if (!row || Number(row.user_taken) === 0) return refused;
    if (Number(row.project_taken) === 1) return block ? { ok: true, othersPending: Boolean(row.others_pending), ownPending: row.busy !== null } : { ok: true };
    // The project's minute is full: the user's share goes back, so a refused call takes nothing.
    await this.db('doc_write_windows')
      .where({ user_id: userId, window_start: windowStart })
      .update({ writes: this.db.raw('writes - ?', [use.writes]), reads: this.db.raw('reads - ?', [use.reads]) });
    return refused;
  }
}
