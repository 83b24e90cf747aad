import { inject, injectable } from 'tsyringe';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { CLOCK, type Clock } from '../../../shared/clock.js';
import { isDatabaseUnreachable } from './failure-classification.js';
import { INBOUND_MESSAGE_REPOSITORY, type ClaimedRun, type InboundMessageRepository } from './ports/inbound-message.repository.port.js';
import { JOB_QUEUE, type JobQueue } from './ports/job-queue.port.js';

/**
 * One run of a mail at a time: two runs could both find the document without the block and write it
 * twice. A run holds a lease on its message, twice JOB_TIMEOUT_SECONDS long (a slow model, a loaded
 * machine); the queue claims a mail only when no lease holds it, and a run asked for by id that finds it
 * held looks again once the lease ends, by when the first run has finished (and the look finds nothing to
 * do) or has died (and the look carries on from its last recorded step). A lease the queue took also
 * names its process (owner and boot id): when that process starts again, it releases the leases of its
 * earlier life at once instead of waiting for them to end (docs/adr/0007).
 */
@injectable()
export class RunLease {
  constructor(
    @inject(INBOUND_MESSAGE_REPOSITORY) private readonly messages: InboundMessageRepository,
    @inject(JOB_QUEUE) private readonly queue: JobQueue,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Runs `work` on the message as its only run; answers false when there was nothing to run, or when
   * another run holds it (having scheduled a later look). `work` answers true when it ended the mail,
   * which gave the lease back with the end.
   */
  async exclusive(messageId: string, work: (run: ClaimedRun) => Promise<boolean>): Promise<boolean> {
    const now = this.clock.now();
    const until = new Date(now.getTime() + 2 * this.config.JOB_TIMEOUT_SECONDS * 1000);
    const claim = await this.messages.claimRun(messageId, now, until);
    if (claim.outcome === 'nothing-to-run') return false;
    if (claim.outcome === 'leased') {
      await this.queue.enqueueProcessing(messageId, { delaySeconds: Math.max(1, Math.ceil((claim.until.getTime() - now.getTime()) / 1000)) });
      return false;
    }
    await this.hold({ message: claim.message, earlierDelivery: claim.earlierDelivery }, work);
    return true;
  }

  /**
   * Runs `work` on a message whose lease this run already took (the queue's claim), and gives the lease
   * back unless `work` ended the mail. When `work` throws, its error is the one that comes out: a run the
   * queue claimed is handed back by the queue whatever became of this release (it keeps the lease it took
   * and releases it as soon as the database answers again, docs/adr/0007), and a run cut off from the
   * database does not try a release that cannot reach it either.
   */
  async hold(run: ClaimedRun, work: (run: ClaimedRun) => Promise<boolean>): Promise<void> {
    let ended: boolean;
    try {
      ended = await work(run);
    } catch (error) {
      if (!isDatabaseUnreachable(error)) await this.messages.releaseRun(run.message.id).catch(() => undefined);
      throw error;
    }
    if (!ended) await this.messages.releaseRun(run.message.id);
  }
}
