import { inject, injectable } from 'tsyringe';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { LOGGER, type Logger } from '../../../platform/logging/logger.js';
import { DOC_STORE, DOCUMENT_REPOSITORY, type DocStore, type Document, type DocumentRepository } from '../../documents/index.js';
import { RefundTokens, ReserveTokens, SettleTokens, tokensForCharacters } from '../../token-ledger/index.js';
import { isFinal, reservationIdOf, type InboundMessage } from '../domain/inbound-message.js';
import { MAX_ATTEMPTS, retryDelaySeconds } from '../domain/retry-policy.js';
import { capText, normaliseMailText } from '../domain/mail-text.js';
import { classifyFailure } from './failure-classification.js';
import { INBOUND_MESSAGE_REPOSITORY, type InboundMessageRepository } from './ports/inbound-message.repository.port.js';
import { JOB_QUEUE, type JobQueue } from './ports/job-queue.port.js';
import { MAIL_METRICS, noMailMetrics, type MailMetrics, type MailOutcome } from './ports/mail-metrics.port.js';
import { SUBSCRIPTION_GATE, type SubscriptionGate } from './ports/subscription-gate.port.js';
import { AuthoriseStep } from './steps/authorise.step.js';
import { ParseStep } from './steps/parse.step.js';
import { SummariseStep } from './steps/summarise.step.js';
import { WriteStep } from './steps/write.step.js';

/**
 * Runs one received mail through the pipeline: parse → authorise → cost and reserve → summarise → write
 * once → settle. Every step records its result before the next starts, so a run that dies anywhere is
 * resumed by the next run without repeating what was done, writing twice or charging twice.
 */
@injectable()
export class ProcessMail {
  constructor(
    @inject(INBOUND_MESSAGE_REPOSITORY) private readonly messages: InboundMessageRepository,
    @inject(DOCUMENT_REPOSITORY) private readonly documents: DocumentRepository,
    @inject(DOC_STORE) private readonly store: DocStore,
    @inject(JOB_QUEUE) private readonly queue: JobQueue,
    @inject(ParseStep) private readonly parse: ParseStep,
    @inject(AuthoriseStep) private readonly authorise: AuthoriseStep,
    @inject(SummariseStep) private readonly summarise: SummariseStep,
    @inject(WriteStep) private readonly write: WriteStep,
    @inject(SUBSCRIPTION_GATE) private readonly subscriptions: SubscriptionGate,
    @inject(ReserveTokens) private readonly reserve: ReserveTokens,
    @inject(SettleTokens) private readonly settle: SettleTokens,
    @inject(RefundTokens) private readonly refund: RefundTokens,
    @inject(APP_CONFIG) private readonly config: AppConfig,
    @inject(LOGGER) private readonly logger: Logger,
    @inject(MAIL_METRICS) private readonly metrics: MailMetrics = noMailMetrics,
  ) {}

  async execute(messageId: string): Promise<void> {
    const started = performance.now();
    const message = await this.messages.findById(messageId);
    // A duplicate or stale job: nothing ran, so nothing is counted.
    if (!message || isFinal(message.status) || message.status === 'held') return;
    const outcome = await this.runToOutcome(message);
    // A run that only scheduled a retry or a later write has no outcome yet; the run that ends it counts.
    if (outcome) this.metrics.mailFinished(outcome, (performance.now() - started) / 1000);
  }

  private async runToOutcome(message: InboundMessage): Promise<MailOutcome | null> {
    const document = await this.documents.findOwned(message.ownerId, message.documentId);
    if (!document) {
      await this.messages.finish(message.id, { status: 'ignored', reason: 'The document was deleted before this mail was processed.' });
      return 'ignored';
    }
    if (message.status === 'received') await this.messages.saveStep(message.id, { status: 'processing' });
    try {
      return await this.run(message, document);
    } catch (error) {
      return this.onFailure(message, error);
    }
  }

  private async run(message: InboundMessage, document: Document): Promise<MailOutcome | null> {
    const parsed = await this.parse.run(message);
    // The only early end of parsing is a forwarding confirmation, kept as ignored.
    if (parsed.outcome === 'done') return 'ignored';

    const decision = await this.authorise.run(message, parsed.snapshot, document);
    if (!decision.allowed) return 'ignored';

    const text = capText(normaliseMailText(`${parsed.snapshot.subject}\n\n${parsed.snapshot.text}`), this.config.MAX_INPUT_CHARS);
    const cost = message.costTokens ?? tokensForCharacters(text.length, this.config.CHARS_PER_TOKEN);
    if (message.costTokens === null) await this.messages.saveStep(message.id, { costTokens: cost });
    if (!(await this.subscriptions.isActive(message.ownerId))) {
      await this.messages.saveStep(message.id, {
        status: 'held',
        reason: 'No active subscription: choose a plan and this mail will be processed by itself.',
      });
      return 'held';
    }
    const reservation = await this.reserve.execute({ userId: message.ownerId, reservationId: reservationIdOf(message), tokens: cost, description: `Mail: ${parsed.snapshot.subject || '(no subject)'}` });
    if (!reservation.ok) {
      await this.messages.saveStep(message.id, {
        status: 'held',
        reason: `Not enough tokens: this mail needs ${cost} token${cost === 1 ? '' : 's'}. It will be processed by itself once tokens are added.`,
      });
      this.logger.info({ messageId: message.id, cost }, 'mail held for tokens');
      return 'held';
    }

    const summary = await this.summarise.run(message, parsed.snapshot, document, text);
    const written = await this.write.run(message, parsed.snapshot, document, summary, decision.sender);
    if (written.outcome === 'wait') {
      await this.queue.enqueueProcessing(message.id, { delaySeconds: written.retryAfterSeconds });
      return null;
    }

    const settled = await this.settle.execute({ userId: message.ownerId, reservationId: reservationIdOf(message), operation: `Summary: ${parsed.snapshot.subject || '(no subject)'} → ${document.name}` });
    if (!settled.ok) throw new Error(`could not settle the reservation of ${message.id}: ${settled.reason}`);
    await this.messages.finish(message.id, { status: 'processed', reason: written.warning ?? decision.note, usedTokens: cost });
    this.logger.info({ messageId: message.id, documentId: document.id, tokens: cost }, 'mail processed');
    return 'processed';
  }

  private async onFailure(message: InboundMessage, error: unknown): Promise<MailOutcome | null> {
    const failure = classifyFailure(error);
    const current = (await this.messages.findById(message.id)) ?? message;
    const attempts = current.attempts + 1;
    // Once the summary is in the document the mail must end processed and charged: keep trying to settle.
    if ((failure.transient && attempts < MAX_ATTEMPTS) || current.writtenAt) {
      const delay = retryDelaySeconds(attempts, Math.random());
      await this.messages.saveStep(message.id, { attempts, reason: `Retrying (${attempts}/${MAX_ATTEMPTS - 1}): ${failure.reason}` });
      await this.queue.enqueueProcessing(message.id, { delaySeconds: delay });
      this.logger.warn({ messageId: message.id, attempts, delay, reason: failure.reason }, 'mail step failed; retrying');
      return null;
    }
    await this.refund.execute({ userId: message.ownerId, reservationId: reservationIdOf(current), reason: `Refund: ${failure.reason}` });
    await this.messages.finish(message.id, { status: 'failed', reason: failure.reason, usedTokens: 0 });
    this.logger.error({ messageId: message.id, err: error }, 'mail failed');
    return 'failed';
  }
}
