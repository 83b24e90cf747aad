import type { AttachmentPart, AttachmentRole } from '../../domain/attachment.js';
import type { ForwardingConfirmation } from '../../domain/forwarding-confirmation.js';
import type { MailAddress } from '../../domain/mail-address.js';
import type { StructuredMail } from '../../domain/structured-mail.js';

export type { ForwardingConfirmation, MailAddress, StructuredMail };

export interface ParsedMail {
  messageId: string | null;
  /** The visible Subject, one clean line; '' when the mail has none. */
  subject: string;
  /** The first address of the visible From header (address lowercased): the sender we can authenticate. */
  from: MailAddress | null;
  /** More than one From header, or a From naming more than one mailbox: no single sender to check. */
  ambiguousFrom: boolean;
  /** The visible Date header. */
  date: Date | null;
  /**
   * The mail as the user meant it (for a manual forward: the original sender, subject and date, and the
   * forwarder with their note), with its cleaned body and its kind. See `StructuredMail`.
   */
  structured: StructuredMail;
  forwardingConfirmation: ForwardingConfirmation | null;
  /** Metadata only: the attachments' text is read later, by the AttachmentReader, once the sender is let in. */
  attachments: (AttachmentPart & { role: AttachmentRole })[];
}

export interface MailParser {
  /** Parses off the event loop with a time limit; throws MailParseError when it cannot. */
  parse(raw: Buffer): Promise<ParsedMail>;
}

export class MailParseError extends Error {
  override readonly name = 'MailParseError';
  constructor(
    message: string,
    /** `too-many-parts`: the MIME tree passed the part limit (the message says which). */
    readonly reason: 'timeout' | 'malformed' | 'too-many-parts',
  ) {
    super(message);
  }
}

export const MAIL_PARSER = Symbol('MailParser');
