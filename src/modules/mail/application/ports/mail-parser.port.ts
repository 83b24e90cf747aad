import type { ForwardingConfirmation } from '../../domain/forwarding-confirmation.js';
import type { MailAddress } from '../../domain/mail-address.js';

export type { ForwardingConfirmation, MailAddress };

export interface ParsedMail {
  messageId: string | null;
  /** '' when the mail has none. */
  subject: string;
  /** The first address of the visible From header (address lowercased). */
  from: MailAddress | null;
  /**
   * For a manual forward ("---------- Forwarded message ---------"), the original sender quoted in the
   * body; for a mail carrying a forwarded message/rfc822 part, that part's From.
   */
  originalSender: MailAddress | null;
  date: Date | null;
  /**
   * Plain text of the mail: text/plain preferred, else HTML converted to text (hidden parts dropped);
   * a forwarded message/rfc822 part is appended below a forward marker; whitespace collapsed (see
   * `normaliseMailText`); capped by the parser (2 MiB by default, not `MAX_INPUT_CHARS`).
   */
  text: string;
  forwardingConfirmation: ForwardingConfirmation | null;
  /** Metadata only: attachments are never summarised. */
  attachments: { filename: string | null; contentType: string; size: number }[];
}

export interface MailParser {
  /** Parses off the event loop with a time limit; throws MailParseError when it cannot. */
  parse(raw: Buffer): Promise<ParsedMail>;
}

export class MailParseError extends Error {
  override readonly name = 'MailParseError';
  constructor(
    message: string,
    readonly reason: 'timeout' | 'malformed',
  ) {
    super(message);
  }
}

export const MAIL_PARSER = Symbol('MailParser');
