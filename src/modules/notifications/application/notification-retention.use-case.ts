import { inject, injectable } from 'tsyringe';
import { NOTIFICATION_STORE, type NotificationStore } from './ports/notification-store.port.js';

/** The retention job's part: outbox entries (and development-outbox mails) past their period. */
@injectable()
export class NotificationRetention {
  constructor(@inject(NOTIFICATION_STORE) private readonly store: NotificationStore) {}

  purge(before: Date, limit: number): Promise<number> {
    return this.store.purgeOutbox(before, limit);
  }
}
