import { inject, injectable } from 'tsyringe';
import { LOGGER, type Logger } from '../../../platform/logging/logger.js';
import { CLOCK, type Clock } from '../../../shared/clock.js';
import { DecideNotifications } from './decide-notifications.use-case.js';
import { DeliverNotifications } from './deliver-notifications.use-case.js';
import { NOTIFICATION_STORE, type NotificationStore } from './ports/notification-store.port.js';

/** Users re-checked per upkeep run at most. */
const CHECKS_PER_RUN = 200;

/**
 * When notifications are worked out and sent: at once when a live notice (`balance`, `mail`) names a user,
 * so the mail goes out within seconds; and in the worker's once-a-minute upkeep, which re-checks users whose
 * immediate check failed and sends what is due (retries included).
 */
@injectable()
export class RunNotifications {
  constructor(
    @inject(DecideNotifications) private readonly decide: DecideNotifications,
    @inject(DeliverNotifications) private readonly deliver: DeliverNotifications,
    @inject(NOTIFICATION_STORE) private readonly store: NotificationStore,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** A notice named the user: remember it (so the upkeep retries a failed check), check, send. */
  async noticed(userId: string): Promise<void> {
    const noticedAt = this.clock.now();
    await this.store.noteCheck(userId, noticedAt);
    await this.check(userId, noticedAt);
    await this.deliver.execute();
  }

  async upkeep(): Promise<void> {
    for (const { userId, noticedAt } of await this.store.dueChecks(CHECKS_PER_RUN)) await this.check(userId, noticedAt);
    await this.deliver.execute();
  }

  private async check(userId: string, noticedAt: Date): Promise<void> {
    try {
      await this.decide.forUser(userId);
      await this.store.clearCheck(userId, noticedAt);
    } catch (error) {
      this.logger.warn({ err: error, userId }, 'notification check failed; the upkeep retries it');
    }
  }
}
