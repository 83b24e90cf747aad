import { inject, injectable } from 'tsyringe';
import { MAIL_EVENTS, type MailEvents } from './ports/mail-events.port.js';
import { MAIL_METRICS, type MailMetrics, type MailOutcome } from './ports/mail-metrics.port.js';

/** What a processing run tells the world: the owner's open tabs (something changed) and the metrics (how it ended). */
@injectable()
export class RunReport {
  constructor(
    @inject(MAIL_METRICS) private readonly metrics: MailMetrics,
    @inject(MAIL_EVENTS) private readonly events: MailEvents,
  ) {}

  /** Whatever the run recorded (an end, a hold, a retry scheduled) is committed: the owner's tabs refetch. */
  changed(message: { id: string; ownerId: string; documentId: string }): Promise<void> {
    return this.events.mailChanged({ ownerId: message.ownerId, documentId: message.documentId, mailId: message.id });
  }

  /** A run that only scheduled a retry or a later write has no outcome yet; the run that ends it counts. */
  finished(outcome: MailOutcome | null, seconds: number): void {
    if (outcome) this.metrics.mailFinished(outcome, seconds);
  }
}
