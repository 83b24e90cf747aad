/**
 * The mails Mailscribe sends its users (docs/operations.md, "Notifications"). A user switches each *setting*
 * off in Settings; the two balance mails share one switch.
 */
export const NOTIFICATION_SETTINGS = ['lowBalance', 'heldMail', 'refusedSender', 'failedMail', 'documentContinued'] as const;
export type NotificationSetting = (typeof NOTIFICATION_SETTINGS)[number];

export type NotificationSettings = Record<NotificationSetting, boolean>;

export const ALL_ON: NotificationSettings = { lowBalance: true, heldMail: true, refusedSender: true, failedMail: true, documentContinued: true };

/** What a mail is about; each kind is governed by one setting. */
export type NotificationKind = 'balance-low' | 'balance-empty' | 'held-mail' | 'refused-sender' | 'failed-mail' | 'document-continued';

export const SETTING_OF: Record<NotificationKind, NotificationSetting> = {
  'balance-low': 'lowBalance',
  'balance-empty': 'lowBalance',
  'held-mail': 'heldMail',
  'refused-sender': 'refusedSender',
  'failed-mail': 'failedMail',
  'document-continued': 'documentContinued',
};

export function isNotificationSetting(value: string): value is NotificationSetting {
  return (NOTIFICATION_SETTINGS as readonly string[]).includes(value);
}

/** The facts a mail is written from, kept with it in the outbox; only what the text shows. */
export type NotificationFacts =
  | { kind: 'balance-low'; tokensLeft: number; allowance: number }
  | { kind: 'balance-empty' }
  | { kind: 'held-mail'; waiting: number }
  | { kind: 'refused-sender'; documentId: string; documentName: string; senders: string[] }
  | { kind: 'failed-mail'; documentId: string; documentName: string; subject: string; reason: string | null }
  | { kind: 'document-continued'; documentId: string; documentName: string; part: number };
