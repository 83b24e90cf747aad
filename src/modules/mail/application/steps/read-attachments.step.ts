import { inject, injectable } from 'tsyringe';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config.js';
import type { MailAttachment } from '../../domain/attachment.js';
import { structuredOf, type InboundMessage, type ParsedSnapshot } from '../../domain/inbound-message.js';
import { normaliseMailText } from '../../domain/mail-text.js';
import { cleanBody } from '../../domain/text/clean-body.js';
import { redactSecrets } from '../../domain/text/secrets.js';
import { ATTACHMENT_READER, type AttachmentReader, type ReadAttachment } from '../ports/attachment-reader.port.js';
import type { StepResults } from '../ports/inbound-message.repository.port.js';

/**
 * Reads the attachments of a mail whose sender was let in, before it is costed (docs/attachments.md):
 * an unknown sender never costs a PDF parse, and the price covers what was read. The text joins the
 * parsed snapshot, which is dropped with the rest of the mail's content once it ends.
 */
@injectable()
export class ReadAttachmentsStep {
  constructor(
    @inject(ATTACHMENT_READER) private readonly reader: AttachmentReader,
    @inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `unsaved`: earlier steps' results; answered with the snapshot that has the attachments, to record with the cost. */
  async run(message: InboundMessage, snapshot: ParsedSnapshot, unsaved: StepResults): Promise<{ snapshot: ParsedSnapshot; unsaved: StepResults }> {
    const mail = structuredOf(snapshot);
    // Read once: a retry finds them in the snapshot. Older snapshots and mails without files have nothing to read.
    if (mail.attachments !== undefined || !snapshot.pendingAttachments || this.config.ATTACHMENTS === 'off' || !message.raw) return { snapshot, unsaved };
    const read = await this.reader.read(message.raw);
    const attachments = read.filter((attachment) => attachment.status !== 'skipped').map(kept);
    const next: ParsedSnapshot = { ...snapshot, mail: { ...mail, attachments } };
    return { snapshot: next, unsaved: { ...unsaved, parsed: next, attachmentCount: attachments.length } };
  }
}

function kept(attachment: ReadAttachment): MailAttachment {
  // Cleaned as a body is (imprints, footers and signatures go), and secrets never reach the summariser,
  // the model or the document, from a file no more than from the body.
  const text = attachment.status === 'read' ? redactSecrets(cleanBody(normaliseMailText(attachment.text)).text).text : '';
  // A file that held nothing but blank space was read, yet gave nothing to summarise: say so.
  if (attachment.status === 'read' && text === '') return { name: attachment.name, status: 'not-read', reason: 'no text in it', pages: attachment.pages, text: '' };
  return { name: attachment.name, status: attachment.status === 'read' ? 'read' : 'not-read', reason: attachment.reason, pages: attachment.pages, text };
}
