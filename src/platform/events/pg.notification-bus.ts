import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { GroupCommit } from '../db/group-commit.js';
import type { Database } from '../db/database.js';
import type { Logger } from '../logging/logger.js';
import { NoticeListeners, SignalListeners, parseNotice, parseSignal, type NoticeListener, type NotificationBus, type SignalListener, type UserNotice, type WireSignal } from './notification-bus.js';

/** One channel for every notice and signal; each listening process filters by user or topic. */
export const NOTICE_CHANNEL = 'mailscribe_user_notices';

const RECONNECT_DELAY_MS = 1_000;
/** Payloads per `pg_notify` statement at most. */
const NOTIFY_BATCH = 64;
/** How long the first notice after a quiet spell waits for company. */
const NOTIFY_GATHER_MS = 10;

/**
 * Postgres LISTEN/NOTIFY: any process publishes with `pg_notify` on its pool, every http process
 * LISTENs on one dedicated connection (outside the pool, so a busy pool never delays a notice). When
 * that connection drops it reconnects and tells subscribers to resync: notices sent meanwhile are lost.
 */
export class PgNotificationBus implements NotificationBus {
  private readonly listeners = new NoticeListeners();
  private readonly signals = new SignalListeners();
  private client: pg.Client | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private closing = false;
  /**
   * Every notice and signal of this process goes through one statement at a time: those sent while one is
   * under way go together in the next. Measured on the mail pipeline: 2.5 `pg_notify` round trips per
   * mail (its intake, the intake commit's wake, its end) became a fraction of one under load.
   */
  private readonly outbox = new GroupCommit<string>((payloads) => this.notify(payloads), NOTIFY_BATCH, NOTIFY_GATHER_MS);

  constructor(
    private readonly db: Database,
    private readonly connectionString: string,
    private readonly logger: Logger,
  ) {}

  private async notify(payloads: string[]): Promise<void> {
    // Delivered in this order; Postgres folds identical payloads of one statement into one.
    await this.db.raw('select pg_notify(?, payload) from unnest(?::text[]) with ordinality as sent(payload, n) order by n', [NOTICE_CHANNEL, payloads]);
  }

  /** Sends a payload with the next statement; a close waits for it. */
  private send(payload: string): Promise<void> {
    const sent = this.outbox.submit(payload);
    this.unsent.add(sent);
    const forget = () => this.unsent.delete(sent);
    sent.then(forget, forget);
    return sent;
  }

  private readonly unsent = new Set<Promise<void>>();
  /** Names this bus on the signals it sends (see WireSignal). */
  private readonly origin = randomUUID();

  async publish(notice: UserNotice): Promise<void> {
    try {
      await this.send(JSON.stringify(notice));
    } catch (error) {
      this.logger.warn({ err: error, event: notice.event }, 'could not publish a notice; open tabs catch up on their next refetch');
    }
  }

  subscribe(listener: NoticeListener): () => void {
    return this.listeners.add(listener);
  }

  async signal(topic: string, key: string): Promise<void> {
    // This process's listeners hear it at once: its caches must not wait for the round trip through the
    // database (and the outbox's gathering) before they drop what changed. Its echo is ignored.
    this.signals.signal(topic, key);
    try {
      await this.send(JSON.stringify({ signal: topic, key, origin: this.origin } satisfies WireSignal));
    } catch (error) {
      this.logger.warn({ err: error, signal: topic }, 'could not publish a signal; other processes keep their cached copy until it expires');
    }
  }

  onSignal(topic: string, listener: SignalListener): () => void {
    return this.signals.add(topic, listener);
  }

  hearsAllSignals(): boolean {
    return this.client !== null && !this.closing;
  }

  async listen(): Promise<void> {
    this.closing = false;
    await this.connect();
  }

  async close(): Promise<void> {
    // What was published before the close still goes out (nobody awaits a notice of a finished mail).
    await Promise.allSettled([...this.unsent]);
    this.closing = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const client = this.client;
    this.client = null;
    this.listeners.closed();
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => {
      if (message.channel !== NOTICE_CHANNEL || !message.payload) return;
      const signal = parseSignal(parsedJson(message.payload));
      if (signal) {
        if (signal.origin !== this.origin) this.signals.signal(signal.signal, signal.key);
        return;
      }
      const notice = parseNotice(message.payload);
      if (notice) this.listeners.notice(notice);
    });
    client.on('error', (error) => {
      this.logger.warn({ err: error }, 'the notice listener lost its database connection; reconnecting');
      this.dropped(client);
    });
    client.on('end', () => this.dropped(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTICE_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closing) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
  }

  private dropped(client: pg.Client): void {
    if (this.closing || this.client !== client) return;
    this.client = null;
    // From here until the reconnect, signals are missed: caches they guard stop being trusted.
    this.signals.reset();
    void client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closing || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect()
        // Whatever was published while the listener was away is lost: every tab refetches, every cache empties.
        .then(() => {
          this.signals.reset();
          this.listeners.resync();
        })
        .catch((error: unknown) => {
          this.logger.warn({ err: error }, 'the notice listener could not reconnect; trying again');
          this.scheduleReconnect();
        });
    }, RECONNECT_DELAY_MS);
    this.reconnectTimer.unref();
  }
}

function parsedJson(payload: string): unknown {
  try {
    return JSON.parse(payload);
  } catch {
    return null;
  }
}
