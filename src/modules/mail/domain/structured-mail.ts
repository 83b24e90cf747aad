import type { MailKind } from '../../../text/mail-kind.js';
import type { MailAttachment } from './attachment.js';
import { safeDisplayName, type MailAddress } from './mail-address.js';

/**
 * One mail as the user meant it: for a manual forward, the original mail (its sender, subject and date)
 * with the person who forwarded it and their note beside it. This is what the document's block, the
 * received-mail row and the summariser all read, so they can never disagree.
 */
export interface StructuredMail {
  /** The original subject with `Fwd:` / `Re:` … chains removed; '' when there is none. */
  subject: string;
  /** Who the mail is from: the quoted original sender of a manual forward, else the visible From. */
  sender: MailAddress | null;
  /** The original date as an ISO instant, when it is known to the minute and zone. */
  date: string | null;
  /** The original date as written, when it could not be read as an instant (no zone given). */
  dateText: string | null;
  /** The person who forwarded the mail by hand, and the note they wrote above it ('' when none). */
  forwardedBy: (MailAddress & { note: string }) | null;
  /** The cleaned text that is summarised (and charged for). */
  body: string;
  kind: MailKind;
  /**
   * The attachments listed in the block, once they are read (after the sender is let in); absent before,
   * and in mails kept before attachments were read.
   */
  attachments?: MailAttachment[];
}

/**
 * `Name <address>`, or the bare address when there is no name or the name may not be shown: one posing
 * as header text or as another address (`From: ceo@evil.example <script>`) is dropped, here too, so a
 * name kept before the parser dropped such names, or read from a forward's quoted header, never reaches
 * the block's sender line or the summariser.
 */
export function formatSender(sender: MailAddress | null): string {
  if (!sender) return 'unknown sender';
  const name = safeDisplayName(sender.name, sender.address);
  return name ? `${name} <${sender.address}>` : sender.address;
}
