import { inject, injectable } from 'tsyringe';
import type { Document } from '../../../documents/index.js';
import { SummariseMail } from '../../../summarization/index.js';
import type { InboundMessage, ParsedSnapshot, StoredSummary } from '../../domain/inbound-message.js';
import { INBOUND_MESSAGE_REPOSITORY, type InboundMessageRepository } from '../ports/inbound-message.repository.port.js';
import { MAIL_METRICS, noMailMetrics, type MailMetrics } from '../ports/mail-metrics.port.js';

/** Asks the model once per mail; the answer is kept, so a retry of a later step does not ask again. */
@injectable()
export class SummariseStep {
  constructor(
    @inject(INBOUND_MESSAGE_REPOSITORY) private readonly messages: InboundMessageRepository,
    @inject(SummariseMail) private readonly summariseMail: SummariseMail,
    @inject(MAIL_METRICS) private readonly metrics: MailMetrics = noMailMetrics,
  ) {}

  async run(message: InboundMessage, snapshot: ParsedSnapshot, document: Document, text: string): Promise<StoredSummary> {
    if (message.summary) return message.summary;
    const from = snapshot.from ? (snapshot.from.name ? `${snapshot.from.name} <${snapshot.from.address}>` : snapshot.from.address) : 'unknown sender';
    const result = await this.summariseMail.execute({
      subject: snapshot.subject,
      from,
      date: snapshot.date ? new Date(snapshot.date) : message.receivedAt,
      text,
      instructions: document.description,
    });
    this.metrics.modelTokens(result.usage.inputTokens, result.usage.outputTokens);
    const summary = { title: result.title, body: result.body };
    await this.messages.saveStep(message.id, { summary });
    return summary;
  }
}
