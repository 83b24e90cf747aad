/**
 * A mail's attachments as the pipeline keeps them: which files are content worth reading, which are
 * decoration (skipped, never listed), and what became of each one read (docs/attachments.md).
 */

/** One attachment part as the MIME parser sees it, before anything is read. */
export interface AttachmentPart {
  filename: string | null;
  contentType: string;
  size: number;
  /** `Content-Disposition: inline`, or a part of `multipart/related` (an image the HTML shows). */
  inline: boolean;
}

/**
 * `content`: a file the user forwarded for what it says; `skip`: decoration or transport (inline logos,
 * signature images, tracking pixels, signatures of the message); `parsed`: already read by the MIME
 * parser (a forwarded message, an invitation, a bounce's report).
 */
export type AttachmentRole = 'content' | 'skip' | 'parsed';

const PARSED = /^(?:message\/(?:rfc822|delivery-status|disposition-notification|global)|text\/(?:rfc822-headers|calendar)|application\/ics)$/i;
const SIGNATURES = /^application\/(?:pgp-signature|pgp-keys|pkcs7-signature|x-pkcs7-signature)$/i;
const SIGNATURE_NAMES = /^(?:smime\.p7s|signature\.asc)$/i;
/** Images below this size are tracking pixels, spacers and icons, never an e-ticket or a scan. */
const TINY_IMAGE_BYTES = 4 * 1024;

export function attachmentRole(part: AttachmentPart): AttachmentRole {
  const type = part.contentType.toLowerCase();
  if (PARSED.test(type)) return 'parsed';
  if (SIGNATURES.test(type) || SIGNATURE_NAMES.test(part.filename ?? '')) return 'skip';
  if (type.startsWith('image/') && (part.inline || part.size < TINY_IMAGE_BYTES)) return 'skip';
  if (part.size === 0) return 'skip';
  return 'content';
}

/** What became of one attachment that is listed (a skipped one is never kept). */
export interface MailAttachment {
  name: string;
  status: 'read' | 'not-read';
  /** Why it was not read, in words a user understands. */
  reason: string | null;
  /** Pages read, for paged formats. */
  pages: number | null;
  /** The text read, cleaned, secrets left out; '' when not read. Deleted with the mail's content. */
  text: string;
}

const MAX_LISTED = 10;
const MAX_NAME_CHARS = 80;

function shortName(name: string): string {
  return name.length <= MAX_NAME_CHARS ? name : `${name.slice(0, MAX_NAME_CHARS - 1)}…`;
}

function describeOne(attachment: MailAttachment): string {
  const name = shortName(attachment.name);
  if (attachment.status === 'not-read') return `${name} (not read: ${attachment.reason ?? 'unknown reason'})`;
  if (attachment.pages !== null) return `${name} (${attachment.pages} page${attachment.pages === 1 ? '' : 's'})`;
  return name;
}

/** The block's one line naming the attachments, or null when the mail has none listed. */
export function attachmentsLine(attachments: readonly MailAttachment[]): string | null {
  if (attachments.length === 0) return null;
  const shown = attachments.slice(0, MAX_LISTED).map(describeOne);
  const more = attachments.length - shown.length;
  return `Attachments: ${shown.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}
