import type { Logger } from 'pino';

/** What the guards need of smtp-server's connection objects (`SMTPServer.connections`). */
export interface GuardedConnection {
  id: string;
  remoteAddress: string;
  /** smtp-server ends the connection after sending a `421`. */
  send(code: number, text: string): void;
}

const SESSION_DEADLINE_TEXT = 'Session time limit reached, closing connection';
const MAIL_FROM_DEADLINE_TEXT = 'No MAIL FROM in time, closing connection';

export interface SessionDeadlines {
  /** The whole connection, however busy; null: none. */
  sessionMs: number | null;
  /** From connect to the first MAIL FROM; null: none. */
  mailFromMs: number | null;
}

/**
 * Per-connection guards smtp-server has no option for: a deadline for the whole session (its
 * `socketTimeout` is an idle timeout, which a client dribbling a byte now and then never trips), a
 * shorter one for reaching MAIL FROM (an honest sender gets there within seconds; a connection that
 * only holds a slot does not, whatever it dribbles) and a count of unknown recipients. Closing goes
 * through smtp-server's own `421` path, which ends the connection and aborts a half-received DATA stream.
 */
export class SessionGuards {
  private readonly deadlines = new Map<string, NodeJS.Timeout>();
  private readonly mailFromDeadlines = new Map<string, NodeJS.Timeout>();
  private readonly unknown = new Map<string, number>();
  /** Sessions whose message the core is committing: a deadline then waits for the answer. */
  private readonly committingIds = new Set<string>();
  private readonly expiredWhileCommitting = new Set<string>();

  constructor(
    private readonly connections: () => Iterable<GuardedConnection>,
    private readonly timeouts: SessionDeadlines,
    private readonly log: Logger,
  ) {}

  opened(sessionId: string): void {
    const { sessionMs, mailFromMs } = this.timeouts;
    if (sessionMs !== null) {
      const timer = setTimeout(() => this.expire(sessionId), sessionMs);
      timer.unref();
      this.deadlines.set(sessionId, timer);
    }
    if (mailFromMs !== null) {
      const timer = setTimeout(() => {
        this.mailFromDeadlines.delete(sessionId);
        this.closeNow(sessionId, MAIL_FROM_DEADLINE_TEXT, 'mail-from-deadline');
      }, mailFromMs);
      timer.unref();
      this.mailFromDeadlines.set(sessionId, timer);
    }
  }

  /** The client sent MAIL FROM: the deadline for reaching it no longer applies to this connection. */
  mailFrom(sessionId: string): void {
    clearTimeout(this.mailFromDeadlines.get(sessionId));
    this.mailFromDeadlines.delete(sessionId);
  }

  closed(sessionId: string): void {
    clearTimeout(this.deadlines.get(sessionId));
    this.deadlines.delete(sessionId);
    this.mailFrom(sessionId);
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
