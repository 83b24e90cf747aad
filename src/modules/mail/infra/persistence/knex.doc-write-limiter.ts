import type { Database } from '../../../../platform/db/database.js';
import { DOC_WRITES_PER_MINUTE, type DocWriteLimiter } from '../../application/ports/doc-write-limiter.port.js';

/** A fixed one-minute window per user, counted with one atomic upsert shared by all processes. */
export class KnexDocWriteLimiter implements DocWriteLimiter {
  constructor(
    private readonly db: Database,
    private readonly perMinute = DOC_WRITES_PER_MINUTE,
  ) {}

  async tryAcquire(userId: string, now: Date): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
    const windowStart = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
    const [row] = (await this.db('doc_write_windows')
      .insert({ user_id: userId, window_start: windowStart, writes: 1 })
      .onConflict(['user_id', 'window_start'])
      .merge({ writes: this.db.raw('doc_write_windows.writes + 1') })
      .returning('writes')) as { writes: number }[];
    if ((row?.writes ?? 0) <= this.perMinute) return { ok: true };
    return { ok: false, retryAfterSeconds: Math.ceil((windowStart.getTime() + 60_000 - now.getTime()) / 1000) + 1 };
  }
}
