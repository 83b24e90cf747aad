// How long this installation keeps what it stores (docs/api.md § Health, metrics and public configuration).
import { z } from 'zod/mini';
import { routeTable } from './route.js';

const days = z.int().check(z.minimum(0));

/** GET /api/retention-policy: the retention periods, and the sentences the privacy policy shows for them. */
export const RetentionPolicy = z.strictObject({
  periods: z.strictObject({
    /** Content kept by mail that ended ignored, failed or expired, in days after it ended (`HOLD_DAYS`). */
    mailContentDays: days,
    /** A mail's record, in days after it arrived (`MAIL_LOG_DAYS`). */
    mailRecordDays: days,
    /** A session's record, in days after it ended. */
    endedSessionDays: days,
    /** An unfinished sign-in, in minutes after it started. */
    signInMinutes: days,
    /** A notification email's record and its development-outbox copy, in days after it was decided. */
    notificationDays: days,
  }),
  /** The privacy policy's "How long we keep it", one sentence per list item, in order. */
  sentences: z.array(z.string()),
  /** What an account deletion keeps (the billing records the law requires), one sentence each. */
  accountDeletionKept: z.array(z.string()),
});
export type RetentionPolicy = z.infer<typeof RetentionPolicy>;

export const retentionRoutes = routeTable({
  retentionPolicy: { method: 'GET', path: '/api/retention-policy', auth: 'public', summary: 'The retention periods and the privacy policy\'s sentences about them.', status: 200, answer: RetentionPolicy },
});
