import type { NotificationBus } from '../../../../platform/events/notification-bus.js';
import type { MailEvents } from '../../application/ports/mail-events.port.js';

/** Mail changes as user notices (`mail`), carried to every http process by the notification bus. */
export class NoticeMailEvents implements MailEvents {
  constructor(private readonly bus: NotificationBus) {}

  mailChanged(change: { ownerId: string; documentId: string; mailId: string }): Promise<void> {
    return this.bus.publish({ userId: change.ownerId, event: 'mail', data: { documentId: change.documentId, mailId: change.mailId } });
  }
}
