/**
 * Reads the text of a mail's attachments (docs/attachments.md): PDF, DOCX, plain text, CSV, Markdown,
 * HTML, and images when OCR is on. Every file is read in a sandbox with a deadline and limits, so a
 * hostile file ends as "not read: <reason>" and never hurts the service.
 */

/** What was done with one attachment. `skipped` ones (inline logos, signature images, tracking pixels) are never shown. */
export type AttachmentStatus = 'read' | 'not-read' | 'skipped';

export interface ReadAttachment {
  /** The file name as the mail gives it, one clean line ('attachment' plus its type when it has none). */
  name: string;
  contentType: string;
  /** Bytes of the decoded attachment. */
  size: number;
  status: AttachmentStatus;
  /** Why it was not read or skipped, in words a user understands ("encrypted PDF", "over the 20 MB limit"). */
  reason: string | null;
  /** Pages read, for paged formats (PDF); null otherwise. */
  pages: number | null;
  /** The text read ('' unless `status` is `read`), already capped by the per-attachment limit. */
  text: string;
  /** Whether `text` was cut by the per-attachment character limit. */
  truncated: boolean;
}

export interface AttachmentReader {
  /**
   * Reads every attachment of one raw message (the whole RFC 5322 message). Never throws for a bad
   * file: that file is `not-read` with its reason. Throws only when the sandbox itself cannot run.
   */
  read(raw: Buffer): Promise<ReadAttachment[]>;
}

export const ATTACHMENT_READER = Symbol('AttachmentReader');
