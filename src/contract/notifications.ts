// The notification settings calls (docs/api.md § Notifications).

/** One switch per kind of mail; every one is on until the user switches it off. */
export type NotificationSettingsView = {
  /** Tokens at 10% of the period's allowance, and at none left. */
  lowBalance: boolean;
  /** Forwarded emails waiting for tokens or a plan. */
  heldMail: boolean;
  /** A sender not on a document's allowed list, the first time it is refused there. */
  refusedSender: boolean;
  /** An email whose processing failed for good. */
  failedMail: boolean;
  /** A document's linked document filled up and summaries continue in a new one. */
  documentContinued: boolean;
};

/** `GET /api/notification-settings` and the answer of `PUT`. */
export type NotificationSettingsResponse = {
  settings: NotificationSettingsView;
  /** False when this installation sends no mail (no SMTP server configured in production). */
  delivering: boolean;
};

/** `PUT /api/notification-settings`: any subset of the switches. */
export type NotificationSettingsUpdate = Partial<NotificationSettingsView>;
