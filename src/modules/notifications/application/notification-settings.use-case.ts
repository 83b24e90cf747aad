import { inject, injectable } from 'tsyringe';
import { CLOCK, type Clock } from '../../../shared/clock.js';
import type { NotificationSettings } from '../domain/notification-kind.js';
import { NOTIFICATION_STORE, type NotificationStore } from './ports/notification-store.port.js';

/** A user's switches, one per kind of mail (Settings, "Notifications"). */
@injectable()
export class ManageNotificationSettings {
  constructor(
    @inject(NOTIFICATION_STORE) private readonly store: NotificationStore,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  get(userId: string): Promise<NotificationSettings> {
    return this.store.settingsOf(userId);
  }

  async update(userId: string, changes: Partial<NotificationSettings>): Promise<NotificationSettings> {
    const settings = { ...(await this.store.settingsOf(userId)), ...changes };
    await this.store.saveSettings(userId, settings, this.clock.now());
    return settings;
  }
}
