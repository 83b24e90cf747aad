/**
 * How long Mailscribe keeps what it stores, stated once. The retention job (modules/retention) purges by
 * these periods, and the privacy policy page shows these sentences (GET /api/retention-policy), so the
 * job and the policy cannot say different things. Two periods are settings (`HOLD_DAYS`,
 * `MAIL_LOG_DAYS`); the others are fixed here.
 */
export interface RetentionPeriods {
  /**
   * The content of a mail (the message as received, its text, its summary) that ended ignored, failed or
   * expired: kept this many days after it ended, so the owner can still allow or retry it (`HOLD_DAYS`).
   * A held mail waits as long, then expires. Every other mail loses its content as it ends.
   */
  mailContentDays: number;
  /**
   * A mail's record (sender, subject, status and its history, tokens, and the block as written into the
   * document): this many days after it arrived (`MAIL_LOG_DAYS`).
   */
  mailRecordDays: number;
  /** A session's record, this many days after it ended (signed out, renewed or expired). */
  endedSessionDays: number;
  /** An unfinished sign-in (its state and PKCE verifier): expires and is deleted this many minutes after it starts. */
  signInMinutes: number;
  /** A notification email's record (what it was about, when it was sent) and its development-outbox copy. */
  notificationDays: number;
}

/** Fixed periods: a day keeps an ended session long enough to tell "signed out" from "never signed in". */
export const ENDED_SESSION_DAYS = 1;
/** Long enough to read a consent screen, short enough to be useless later. */
export const SIGN_IN_MINUTES = 10;
/**
 * Long enough that a notification is never decided twice (the notifications look back two days, and the
 * outbox's keys are what stop a second mail), short enough not to keep a history of them.
 */
export const NOTIFICATION_DAYS = 30;

/** The periods of an installation, from its settings. */
export function retentionPeriods(settings: { HOLD_DAYS: number; MAIL_LOG_DAYS: number }): RetentionPeriods {
  return {
    mailContentDays: settings.HOLD_DAYS,
    mailRecordDays: settings.MAIL_LOG_DAYS,
    endedSessionDays: ENDED_SESSION_DAYS,
    signInMinutes: SIGN_IN_MINUTES,
    notificationDays: NOTIFICATION_DAYS,
  };
}

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** What the privacy policy says about these periods ("How long we keep it"), one list item each. */
export function retentionSentences(periods: RetentionPeriods): string[] {
  const hold = count(periods.mailContentDays, 'day');
  return [
    'The content of an email (the message as received, its text and the summary waiting to be written): deleted as soon as the email is ' +
      'processed. If it is ignored because its sender is not on the allowed list, or its processing fails, the ' +
      `content is kept for ${hold} so that you can still allow or retry it, then deleted. An email waiting for ` +
      `tokens or a plan waits at most ${hold}; then it expires and its content is deleted.`,
    'The record of an email (its sender, subject, arrival time, status with the history of its changes, tokens used ' +
      'and, once processed, a copy of the summary block written into your document, so that the app can show it): ' +
      `${count(periods.mailRecordDays, 'day')} after it arrived, then deleted. Your token history keeps the amount and ` +
      'date of the tokens it used, without its subject.',
    'Your token history and billing records: for as long as your account exists.',
    'Deleting a document deletes at once its forward address, its allowed senders, its email records with any ' +
      'content they still hold, its forwarding confirmation and the document kept by the Service itself; your token ' +
      'history keeps only amounts and dates for it. A linked Google Doc stays in your Google Drive, with the ' +
      'summaries already written into it.',
    `Sessions of your signed-in devices: deleted ${count(periods.endedSessionDays, 'day')} after they end (you sign out, ` +
      'the session is renewed, or it expires).',
    `Unfinished sign-ins: deleted when they expire, ${count(periods.signInMinutes, 'minute')} after they start.`,
    `Notification emails we sent you (what each was about and when it was sent): ${count(periods.notificationDays, 'day')} ` +
      'after they were decided, then deleted.',
  ];
}

/**
 * What deleting an account keeps, as the privacy policy says it (one list item each); everything else of
 * the account is deleted at once. Billing law requires these records; none of them holds the account's
 * email, name, a document's name, a mail's subject or sender. The deletion's code keeps exactly these
 * (token-ledger's `KEPT_LEDGER_KINDS`, billing's `KEPT_CHECKOUT` and the customer row) and
 * test/security/account-deletion.test.ts checks that nothing else stays.
 */
export const ACCOUNT_DELETION_KEPT: readonly string[] = [
  'The token history entries of your purchases and paid subscription periods: their amount of tokens, the ' +
    'amount paid, their date and a generic description (such as "Token purchase" or "Pro: monthly tokens"), ' +
    'under an account number that no longer leads to your name or email.',
  'Your customer record at the payment provider as the Service knows it: the provider and its customer ' +
    'number, with the date it was created (your billing email and saved card are removed from it).',
  'The records of your completed payments (checkouts): what was bought, the quantity, the price, the total and ' +
    'when it was paid.',
  'The payment provider (Stripe) keeps its own invoices and receipts as the law requires; the subscription is ' +
    'ended there at once before the account is deleted, so nothing is charged again.',
];
