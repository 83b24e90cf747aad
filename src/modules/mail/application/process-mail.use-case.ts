import { inject, injectable } from 'tsyringe';
import { DOCUMENT_REPOSITORY, type DocumentRepository } from '../../documents/index.js';
import type { InboundMessage } from '../domain/inbound-message.js';
import { MailPipeline } from './mail-pipeline.js';
import { INBOUND_MESSAGE_REPOSITORY, type ClaimedRun, type EarlierDelivery, type InboundMessageRepository } from './ports/inbound-message.repository.port.js';
import type { MailOutcome } from './ports/mail-metrics.port.js';
import { RetryOrFail } from './retry-or-fail.js';
import { RunLease } from './run-lease.js';
import { RunReport } from './run-report.js';
import { RedeliveryStep } from './steps/redelivery.step.js';

/**
 * Runs one received mail through the pipeline (`MailPipeline`). Every step records its result before the
 * next starts, so a run that dies anywhere is resumed by the next run without repeating what was done,
 * writing twice or charging twice.
 */
@injectable()
export class ProcessMail {
  constructor(
    @inject(INBOUND_MESSAGE_REPOSITORY) private readonly messages: InboundMessageRepository,
    @inject(DOCUMENT_REPOSITORY) private readonly documents: DocumentRepository,
    @inject(RedeliveryStep) private readonly redelivery: RedeliveryStep,
    @inject(MailPipeline) private readonly pipeline: MailPipeline,
    @inject(RetryOrFail) private readonly failures: RetryOrFail,
    @inject(RunLease) private readonly lease: RunLease,
    @inject(RunReport) private readonly report: RunReport,
  ) {}

  /** Runs the mail when no other run holds it (claiming its lease first). */
  async execute(messageId: string): Promise<void> {
    const started = performance.now();
    // The claim reads the message: a duplicate or stale request (a final or held mail) runs nothing and counts nothing.
    await this.lease.exclusive(messageId, (run) => this.runHeld(run, started));
  }

  /** Runs a mail the queue claimed for this run (its lease taken with the claim). */
  async executeClaimed(run: ClaimedRun): Promise<void> {
    await this.lease.hold(run, (held) => this.runHeld(held, performance.now()));
  }

  /** Answers whether the run ended the mail, which gave the lease back with the end. */
  private async runHeld({ message, earlierDelivery }: ClaimedRun, started: number): Promise<boolean> {
    let outcome: MailOutcome | null = null;
    try {
      outcome = await this.runToOutcome(message, earlierDelivery);
    } finally {
      // Not awaited: the notice only makes open tabs refetch, and the worker's slot need not wait for it.
      void this.report.changed(message);
    }
    this.report.finished(outcome, (performance.now() - started) / 1000);
    // Every outcome but a hold or a later run ended the mail.
    return outcome !== null && outcome !== 'held';
  }

  private async runToOutcome(message: InboundMessage, earlierDelivery: EarlierDelivery | null): Promise<MailOutcome | null> {
    const document = await this.documents.findOwned(message.ownerId, message.documentId);
    if (!document) {
      await this.messages.finish(message.id, { status: 'ignored', reason: 'The document was deleted before this mail was processed.' });
      return 'ignored';
    }
    try {
      if (!message.parsed && (await this.redelivery.run(message, earlierDelivery))) return 'duplicate';
      return await this.pipeline.run(message, document);
    } catch (error) {
      return this.failures.handle(message, error);
    }
  }
}
