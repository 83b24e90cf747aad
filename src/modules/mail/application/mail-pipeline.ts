import { inject, injectable } from 'tsyringe';
import type { Document } from '../../documents/index.js';
import { structuredOf, type InboundMessage } from '../domain/inbound-message.js';
import { MAX_ATTEMPTS } from '../domain/retry-policy.js';
import type { MailOutcome } from './ports/mail-metrics.port.js';
import { AuthoriseStep } from './steps/authorise.step.js';
import { ChargeStep } from './steps/charge.step.js';
import { ParseStep } from './steps/parse.step.js';
import { ReadAttachmentsStep } from './steps/read-attachments.step.js';
import { SettleStep } from './steps/settle.step.js';
import { NOTHING_TO_SUMMARISE, SummariseStep } from './steps/summarise.step.js';
import { WriteStep } from './steps/write.step.js';

/**
 * The steps of one mail in order: parse → authorise → read attachments → cost and reserve → summarise →
 * write once → settle. Each step skips what an earlier run already recorded.
 */
@injectable()
export class MailPipeline {
  constructor(
    @inject(ParseStep) private readonly parse: ParseStep,
    @inject(AuthoriseStep) private readonly authorise: AuthoriseStep,
    @inject(ReadAttachmentsStep) private readonly attachments: ReadAttachmentsStep,
    @inject(ChargeStep) private readonly charge: ChargeStep,
    @inject(SummariseStep) private readonly summarise: SummariseStep,
    @inject(WriteStep) private readonly write: WriteStep,
    @inject(SettleStep) private readonly settle: SettleStep,
  ) {}

  /** The outcome, or null when the mail waits for a later run (the document's write window; write.step.ts queues it). */
  async run(message: InboundMessage, document: Document): Promise<MailOutcome | null> {
    const parsed = await this.parse.run(message);
    // The only early end of parsing is a forwarding confirmation, kept as ignored.
    if (parsed.outcome === 'done') return 'ignored';

    const decision = await this.authorise.run(message, parsed.snapshot, document, parsed.unsaved);
    if (!decision.allowed) return 'ignored';

    const withFiles = await this.attachments.run(message, parsed.snapshot, decision.unsaved);
    const mail = structuredOf(withFiles.snapshot);
    const charge = await this.charge.run(message, mail, withFiles.unsaved);
    if (charge.outcome === 'held') return 'held';

    // One schedule for the whole mail: this run may spend only what earlier runs left of the requests.
    const { summary, recorded } = await this.summarise.run(message, mail, document, charge.input, Math.max(1, MAX_ATTEMPTS - message.attempts));
    const written = await this.write.run(message, mail, document, summary, recorded, charge.input);
    if (written.outcome === 'wait') return null;

    const note = written.warning ?? decision.note ?? (charge.cost === 0 ? NOTHING_TO_SUMMARISE : null);
    await this.settle.run(message, mail, document, { cost: charge.cost, reason: note, writtenAt: written.writtenAt, block: written.block });
    return 'processed';
  }
}
