// How long this installation keeps what it stores (docs/api.md § Health, metrics and public configuration).

/** GET /api/retention-policy: the retention periods, and the sentences the privacy policy shows for them. */
export type RetentionPolicy = {
  periods: {
    /** Content kept by mail that ended ignored, failed or expired, in days after it ended (`HOLD_DAYS`). */
    mailContentDays: number;
    /** A mail's record, in days after it arrived (`MAIL_LOG_DAYS`). */
    mailRecordDays: number;
    /** A session's record, in days after it ended. */
    endedSessionDays: number;
    /** An unfinished sign-in, in minutes after it started. */
    signInMinutes: number;
    /** A notification email's record and its development-outbox copy, in days after it was decided. */
    notificationDays: number;
  };
  /** The privacy policy's "How long we keep it", one sentence per list item, in order. */
  sentences: string[];
  /** What an account deletion keeps (the billing records the law requires), one sentence each. */
  accountDeletionKept: string[];
};
