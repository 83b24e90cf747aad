import type { NotificationBus, UserNotice } from '../../../platform/events/notification-bus.js';
import type { Logger } from '../../../platform/logging/logger.js';
import type { RunNotifications } from '../application/run-notifications.use-case.js';

/** The live notices that may change what a user should be told. */
const EVENTS = new Set(['balance', 'mail']);

/**
 * Runs the notifications for a user as soon as a `balance` or `mail` notice names them (worker role), so
 * a mail goes out within seconds instead of at the next upkeep. One run per user at a time in this process;
 * notices that arrive meanwhile fold into one more run.
 */
export class NoticeNotificationTrigger {
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  private stopListening: (() => void) | null = null;

  constructor(
    private readonly bus: NotificationBus,
    private readonly run: RunNotifications,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.stopListening ??= this.bus.subscribe({
      notice: (notice: UserNotice) => {
        if (EVENTS.has(notice.event)) this.schedule(notice.userId);
      },
      resync: () => undefined,
      closed: () => undefined,
    });
  }

  /** Stops hearing notices and waits for the runs under way. */
  async stop(): Promise<void> {
    this.stopListening?.();
    this.stopListening = null;
    this.again.clear();
    await Promise.all([...this.running.values()]);
  }

  private schedule(userId: string): void {
    if (this.running.has(userId)) {
      this.again.add(userId);
      return;
    }
    const runs = (async () => {
      do {
        this.again.delete(userId);
        try {
          await this.run.noticed(userId);
        } catch (error) {
          this.logger.warn({ err: error, userId }, 'notifications run failed; the upkeep retries it');
        }
      } while (this.again.has(userId) && this.stopListening);
    })().finally(() => this.running.delete(userId));
    this.running.set(userId, runs);
  }
}
