import type { RetentionPolicy } from '../../../contract/retention.js';
import { ACCOUNT_DELETION_KEPT, retentionSentences, type RetentionPeriods } from '../../../shared/retention-policy.js';

export function presentRetentionPolicy(periods: RetentionPeriods): RetentionPolicy {
  return {
    periods: {
      mailContentDays: periods.mailContentDays,
      mailRecordDays: periods.mailRecordDays,
      endedSessionDays: periods.endedSessionDays,
      signInMinutes: periods.signInMinutes,
      notificationDays: periods.notificationDays,
    },
    sentences: retentionSentences(periods),
    accountDeletionKept: [...ACCOUNT_DELETION_KEPT],
  };
}
