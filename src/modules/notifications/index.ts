export { notificationsModule, NOTIFICATIONS_WORKER, type NotificationsWorker } from './notifications.module.js';
export { RunNotifications } from './application/run-notifications.use-case.js';
export { DecideNotifications } from './application/decide-notifications.use-case.js';
export { DeliverNotifications } from './application/deliver-notifications.use-case.js';
export { ManageNotificationSettings } from './application/notification-settings.use-case.js';
// Account export and the retention job.
export { OwnerNotifications } from './application/owner-notifications.use-case.js';
export { NotificationRetention } from './application/notification-retention.use-case.js';
export type { OutboxEntry } from './application/ports/notification-store.port.js';
export type { NotificationSettings } from './domain/notification-kind.js';
export { OUTBOUND_MAIL, type OutboundMail, type OutboundMessage } from './application/ports/outbound-mail.port.js';
