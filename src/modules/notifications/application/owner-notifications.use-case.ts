import { inject, injectable } from 'tsyringe';
import type { NotificationSettings } from '../domain/notification-kind.js';
import { NOTIFICATION_STORE, type NotificationStore, type OutboxEntry } from './ports/notification-store.port.js';

/** An account's notifications for its export: the switches and the mails decided for it. */
@injectable()
export class OwnerNotifications {
  constructor(@inject(NOTIFICATION_STORE) private readonly store: NotificationStore) {}

  async list(userId: string): Promise<{ settings: NotificationSettings; mails: OutboxEntry[] }> {
    const [settings, mails] = await Promise.all([this.store.settingsOf(userId), this.store.outboxOf(userId)]);
    return { settings, mails };
  }
}
