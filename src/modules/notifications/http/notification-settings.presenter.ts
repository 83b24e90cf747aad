import type { NotificationSettingsResponse } from '../../../contract/notifications.js';
import type { NotificationSettings } from '../domain/notification-kind.js';

export function presentNotificationSettings(settings: NotificationSettings, delivering: boolean): NotificationSettingsResponse {
  return {
    settings: { lowBalance: settings.lowBalance, heldMail: settings.heldMail, refusedSender: settings.refusedSender, failedMail: settings.failedMail, documentContinued: settings.documentContinued },
    delivering,
  };
}
