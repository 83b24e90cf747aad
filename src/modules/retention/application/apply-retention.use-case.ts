import { inject, injectable } from 'tsyringe';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { LOGGER, type Logger } from '../../../platform/logging/logger.js';
import { CLOCK, DAY_MS, HOUR_MS, type Clock } from '../../../shared/clock.js';
import { retentionPeriods, type RetentionPeriods } from '../../../shared/retention-policy.js';
import { EraseHiddenDocuments } from '../../documents/index.js';
import { SignInRetention } from '../../identity/index.js';
import { MailRetention } from '../../mail/index.js';
import { NotificationRetention } from '../../notifications/index.js';

/** How much one run may purge: rows per statement, and statements per purge. */
export interface RetentionLimits {
  batchSize: number;
  maxBatches: number;
}

/**
 * A run stays short (it shares the held-mail sweep's one-minute job) and holds no lock for long; a backlog
 * (the first run on an old database) clears over the next runs, 5,000 rows per purge a minute.
 */
export const RETENTION_LIMITS: RetentionLimits = { batchSize: 500, maxBatches: 10 };

/** What one run purged, per purge. */
export interface RetentionReport {
  hiddenDocuments: number;
  mailContent: number;
  mailRecords: number;
  endedSessions: number;
  expiredSignIns: number;
  notificationMails: number;
  erasedMailRuns: number;
}

/**
 * How long mail erased with its document while a run held it is looked after (MailRetention.settleErasedRuns):
 * far past any run's lease, so nothing that run charges afterwards is missed.
 */
const ERASED_RUN_MS = HOUR_MS;

/**
 * The retention job: purges, by the periods of the retention policy (shared/retention-policy.ts, the same
 * the privacy policy states), what each module keeps past its use, in bounded batches. Runs every minute
 * on the worker role, after the held-mail sweep. A purge that fails is logged and retried by the next run;
 * the others go on.
 */
@injectable()
export class ApplyRetention {
  constructor(
    @inject(MailRetention) private readonly mail: MailRetention,
    @inject(SignInRetention) private readonly signIns: SignInRetention,
    @inject(EraseHiddenDocuments) private readonly documents: EraseHiddenDocuments,
    @inject(NotificationRetention) private readonly notifications: NotificationRetention,
    @inject(APP_CONFIG) private readonly config: AppConfig,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The periods this job purges by. */
  get periods(): RetentionPeriods {
    return retentionPeriods(this.config);
  }

  async execute(limits: RetentionLimits = RETENTION_LIMITS): Promise<RetentionReport> {
    const now = this.clock.now().getTime();
    const periods = this.periods;
    const daysAgo = (days: number) => new Date(now - days * DAY_MS);
    const purges: [keyof RetentionReport, (limit: number) => Promise<number>][] = [
      // First: a hidden document's mail then goes with it, not record by record.
      ['hiddenDocuments', (limit) => this.documents.execute(limit)],
      ['mailContent', (limit) => this.mail.dropContent(daysAgo(periods.mailContentDays), limit)],
      ['mailRecords', (limit) => this.mail.deleteRecords(daysAgo(periods.mailRecordDays), limit)],
      ['endedSessions', (limit) => this.signIns.deleteEndedSessions(daysAgo(periods.endedSessionDays), limit)],
      // An unfinished sign-in expires `signInMinutes` after it starts: expired is past its period.
      ['expiredSignIns', (limit) => this.signIns.deleteExpiredSignIns(new Date(now), limit)],
      ['notificationMails', (limit) => this.notifications.purge(daysAgo(periods.notificationDays), limit)],
      ['erasedMailRuns', (limit) => this.mail.settleErasedRuns(new Date(now - ERASED_RUN_MS), limit)],
    ];
    const report: RetentionReport = { hiddenDocuments: 0, mailContent: 0, mailRecords: 0, endedSessions: 0, expiredSignIns: 0, notificationMails: 0, erasedMailRuns: 0 };
    for (const [name, purge] of purges) {
      try {
        report[name] = await inBatches(purge, limits);
      } catch (error) {
        this.logger.error({ err: error, purge: name }, 'retention purge failed');
      }
    }
    if (Object.values(report).some((purged) => purged > 0)) this.logger.info(report, 'retention applied');
    return report;
  }
}

/** Batch after batch until one comes back short or the run's share is used. */
async function inBatches(purge: (limit: number) => Promise<number>, { batchSize, maxBatches }: RetentionLimits): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const purged = await purge(batchSize);
    total += purged;
    if (purged < batchSize) break;
  }
  return total;
}
