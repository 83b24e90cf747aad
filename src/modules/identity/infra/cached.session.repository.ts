import type { NotificationBus } from '../../../platform/events/notification-bus.js';
import type { Session } from '../domain/session.js';
import type { User } from '../domain/user.js';
import type { SessionRepository } from '../application/ports/session.repository.port.js';
import { TtlCache } from '../../../platform/caching/ttl-cache.js';

/** The signal topic: its key is a session id whose cached copies are stale. */
export const SESSION_ENDED_SIGNAL = 'session-ended';

type Found = { session: Session; user: User };
type Signals = Pick<NotificationBus, 'signal' | 'onSignal' | 'hearsAllSignals'>;

/**
 * Every authenticated request checks its session: this keeps the answer for a few seconds in process
 * memory instead of asking the database each time. A logout or refresh drops it at once: here directly,
 * in the other processes through a signal on the notification bus (LISTEN/NOTIFY on Postgres). The cache
 * is used only while this process hears every process's signals; otherwise each check reads the row.
 *
 * Liveness (revoked, expired) is still judged by the caller on every request, from the cached row. A
 * change of the user's name or picture shows up when the entry expires.
 */
export class CachedSessionRepository implements SessionRepository {
  private readonly cache: TtlCache<Found>;

  constructor(
    private readonly inner: SessionRepository,
    private readonly signals: Signals,
    options: { ttlMs: number; maxEntries: number; now: () => number },
  ) {
    this.cache = new TtlCache<Found>(options);
    signals.onSignal(SESSION_ENDED_SIGNAL, { signal: (sessionId) => this.cache.forget(sessionId), reset: () => this.cache.clear() });
  }

  create(session: { id: string; userId: string; expiresAt: Date; userAgent: string | null }): Promise<Session> {
    return this.inner.create(session);
  }

  /** Uncached: the refresh reads the row it is about to rotate. */
  findById(id: string): Promise<Session | null> {
    return this.inner.findById(id);
  }

  findWithUser(id: string): Promise<Found | null> {
    return this.cache.getOrLoad(id, () => this.inner.findWithUser(id), () => this.signals.hearsAllSignals());
  }

  async rotate(oldId: string, next: { id: string; userId: string; expiresAt: Date; userAgent: string | null }, now: Date): Promise<boolean> {
    const rotated = await this.inner.rotate(oldId, next, now);
    if (rotated) await this.ended(oldId);
    return rotated;
  }

  async revoke(id: string, now: Date): Promise<void> {
    await this.inner.revoke(id, now);
    await this.ended(id);
  }

  /** After the commit: dropped here at once, then in every other process. */
  private async ended(sessionId: string): Promise<void> {
    this.cache.forget(sessionId);
    await this.signals.signal(SESSION_ENDED_SIGNAL, sessionId);
  }
}
