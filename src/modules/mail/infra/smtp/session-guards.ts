import type { Logger } from 'pino';

/** What the guards need of smtp-server's connection objects (`SMTPServer.connections`). */
export interface GuardedConnection {
  id: string;
  remoteAddress: string;
  /** smtp-server ends the connection after sending a `421`. */
  send(code: number, text: string): void;
}

const SESSION_DEADLINE_TEXT = 'Session time limit reached, closing connection';

/**
 * Per-connection guards smtp-server has no option for: a deadline for the whole session (its
 * `socketTimeout` is an idle timeout, which a client dribbling a byte now and then never trips) and a
 * count of unknown recipients. Closing goes through smtp-server's own `421` path, which ends the
 * connection and aborts a half-received DATA stream.
 */
export class SessionGuards {
  private readonly deadlines = new Map<string, NodeJS.Timeout>();
  private readonly unknown = new Map<string, number>();
  /** Sessions whose message the core is committing: a deadline then waits for the answer. */
  private readonly committingIds = new Set<string>();
  private readonly expiredWhileCommitting = new Set<string>();

  constructor(
    private readonly connections: () => Iterable<GuardedConnection>,
    private readonly sessionTimeoutMs: number | null,
    private readonly log: Logger,
  ) {}

  opened(sessionId: string): void {
    if (this.sessionTimeoutMs === null) return;
    const timer = setTimeout(() => this.expire(sessionId), this.sessionTimeoutMs);
    timer.unref();
    this.deadlines.set(sessionId, timer);
  }

  closed(sessionId: string): void {
    clearTimeout(this.deadlines.get(sessionId));
    this.deadlines.delete(sessionId);
    this.unknown.delete(sessionId);
    this.committingIds.delete(sessionId);
    this.expiredWhileCommitting.delete(sessionId);
  }

  /** Counts one more unknown recipient on the connection and answers the total. */
  unknownRecipient(sessionId: string): number {
    const total = (this.unknown.get(sessionId) ?? 0) + 1;
    this.unknown.set(sessionId, total);
    return total;
  }

  /**
   * The message is in and handed to the core. Cutting the connection now would leave the sender without
   * the answer to a message we may well commit, and it would send it again: the deadline waits.
   */
  committing(sessionId: string): void {
    this.committingIds.add(sessionId);
  }

  /** The message got its answer; a deadline that passed meanwhile closes the connection now. */
  answered(sessionId: string): void {
    this.committingIds.delete(sessionId);
    if (!this.expiredWhileCommitting.delete(sessionId)) return;
    // After smtp-server has written the answer to DATA.
    setImmediate(() => this.closeNow(sessionId, SESSION_DEADLINE_TEXT, 'session-deadline'));
  }

  /** Answers `421 <text>` on the connection, after which smtp-server closes it. */
  closeNow(sessionId: string, text: string, reason: string): void {
    for (const connection of this.connections()) {
      if (connection.id !== sessionId) continue;
      this.log.info({ sessionId, remoteAddress: connection.remoteAddress, reason }, 'smtp connection closed');
      connection.send(421, text);
      return;
    }
  }

  private expire(sessionId: string): void {
    this.deadlines.delete(sessionId);
    if (this.committingIds.has(sessionId)) {
      this.expiredWhileCommitting.add(sessionId);
      return;
    }
    this.closeNow(sessionId, SESSION_DEADLINE_TEXT, 'session-deadline');
  }
}
