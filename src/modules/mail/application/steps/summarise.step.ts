import { inject, injectable } from 'tsyringe';
import type { Document } from '../../../documents/index.js';
import { SummariseMail } from '../../../summarization/index.js';
import type { InboundMessage, StoredSummary } from '../../domain/inbound-message.js';
import { formatSender, type StructuredMail } from '../../domain/structured-mail.js';
import { hasNothingToSummarise, type SummaryInput } from '../../domain/summary-input.js';
import { INBOUND_MESSAGE_REPOSITORY, type InboundMessageRepository } from '../ports/inbound-message.repository.port.js';
import { MAIL_METRICS, type MailMetrics } from '../ports/mail-metrics.port.js';
import { MAIL_READERS, type MailReaders } from '../ports/mail-readers.port.js';

/** Written for a mail with no text and nothing readable in its files: no model is asked, nothing is charged. */
export const NOTHING_TO_SUMMARISE = 'Nothing to summarise: the mail has no text and no attachment that could be read.';

/** Asks the model once per mail; the answer is kept, so a retry of a later step does not ask again. */
@injectable()
export class SummariseStep {
  constructor(
    @inject(INBOUND_MESSAGE_REPOSITORY) private readonly messages: InboundMessageRepository,
    @inject(SummariseMail) private readonly summariseMail: SummariseMail,
    @inject(MAIL_READERS) private readonly readers: MailReaders,
    @inject(MAIL_METRICS) private readonly metrics: MailMetrics,
  ) {}

  /**
   * `input` is the body and the attachments' text as charged (capped at MAX_INPUT_CHARS together);
   * `maxRequests` is what is left of the mail's model requests. `recorded` settles once the answer is stored: the next step may start
   * its own work meanwhile, but writes nothing before it.
   */
  async run(message: InboundMessage, mail: StructuredMail, document: Document, input: SummaryInput, maxRequests: number): Promise<{ summary: StoredSummary; recorded: Promise<void> }> {
    if (message.summary) return { summary: message.summary, recorded: Promise.resolve() };
    if (hasNothingToSummarise(input)) {
      const summary = { title: mail.subject, body: NOTHING_TO_SUMMARISE };
      return { summary, recorded: this.messages.saveStep(message.id, { summary }) };
    }
    const result = await this.summariseMail.execute({
      subject: mail.subject,
      from: formatSender(mail.sender),
      date: mail.date ? new Date(mail.date) : message.receivedAt,
      // A quoted date without a zone is still the mail's date, never the time it reached us.
      dateText: mail.date ? null : mail.dateText,
      kind: mail.kind,
      forwardedBy: mail.forwardedBy ? { sender: formatSender(mail.forwardedBy), note: mail.forwardedBy.note } : null,
      text: input.body,
      attachments: input.attachments,
      reader: await this.readers.readerOf(message.ownerId),
      instructions: document.description,
    }, maxRequests);
    this.metrics.modelTokens(result.usage.inputTokens, result.usage.outputTokens);
    const summary = { title: result.title, body: result.body };
    return { summary, recorded: this.messages.saveStep(message.id, { summary }) };
  }
}
