// The notification settings calls (docs/api.md § Notifications).
import { z } from 'zod/mini';
import { routeTable } from './route.js';

/** One switch per kind of mail; every one is on until the user switches it off. */
export const NotificationSettingsView = z.strictObject({
  /** Tokens at 10% of the period's allowance, and at none left. */
  lowBalance: z.boolean(),
  /** Forwarded emails waiting for tokens or a plan. */
  heldMail: z.boolean(),
  /** A sender not on a document's allowed list, the first time it is refused there. */
  refusedSender: z.boolean(),
  /** An email whose processing failed for good. */
  failedMail: z.boolean(),
  /** A document's linked document filled up and summaries continue in a new one. */
  documentContinued: z.boolean(),
});
export type NotificationSettingsView = z.infer<typeof NotificationSettingsView>;

/** `GET /api/notification-settings` and the answer of `PUT`. */
export const NotificationSettingsResponse = z.strictObject({
  settings: NotificationSettingsView,
  /** False when this installation sends no mail (no SMTP server configured in production). */
  delivering: z.boolean(),
});
export type NotificationSettingsResponse = z.infer<typeof NotificationSettingsResponse>;

/** `PUT /api/notification-settings`: any subset of the switches; an unknown one is refused. */
export const NotificationSettingsUpdate = z.partial(NotificationSettingsView);
export type NotificationSettingsUpdate = z.infer<typeof NotificationSettingsUpdate>;

export const notificationRoutes = routeTable({
  notificationSettings: { method: 'GET', path: '/api/notification-settings', auth: 'bearer', summary: 'The signed-in user\'s notification switches.', status: 200, answer: NotificationSettingsResponse },
  updateNotificationSettings: { method: 'PUT', path: '/api/notification-settings', auth: 'bearer', summary: 'Changes some switches; answers all of them.', body: NotificationSettingsUpdate, status: 200, answer: NotificationSettingsResponse },
});
