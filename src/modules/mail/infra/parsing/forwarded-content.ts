import EmailForwardParser from 'email-forward-parser';
import { isPlausibleAddress, normaliseAddress, parseAddressText, type MailAddress } from '../../domain/mail-address.js';
import { HEADER_LINE, SENT_LABEL } from '../../domain/text/body-cues.js';

/** The original mail inside a manual forward, as the forwarding client quoted it. */
export interface ForwardedContent {
  /** What the forwarder wrote above the forwarded mail ('' when nothing). */
  note: string;
  sender: MailAddress | null;
  /** The quoted subject, as written (prefixes still on). */
  subject: string;
  /** The quoted date, as written by the forwarding client. */
  dateText: string | null;
  body: string;
  /** 1 for a forward of the original, 2 for a forward of a forward of it, and so on. */
  depth: number;
}

/** A forward of a forward of a forward is still read to the bottom; past this it is left as text. */
const MAX_DEPTH = 3;
/** The library scans with regular expressions: beyond this, a body is not searched for a forward. */
const MAX_SCANNED_CHARS = 256 * 1024;
/** Separator lines some clients leave in the forwarder's part ("-----Wiadomość oryginalna-----"). */
const SEPARATOR_ONLY = /^[\s_=*-]*(?:[\p{L} ']{0,40})?[\s_=*-]*$/u;

const parser = new EmailForwardParser();

/**
 * Recognises a manual forward (Gmail, Outlook desktop and web in the common languages, Apple Mail,
 * Thunderbird, Yahoo…) with crisp-oss's `email-forward-parser`, and follows forwards nested in the
 * forwarded body, so the result is the innermost original. The forwarder's note is the outermost one:
 * it is what the person who sent it to the document wrote. Null when the text is no forward.
 */
export function readForwardedContent(text: string, subject: string): ForwardedContent | null {
  let found: ForwardedContent | null = null;
  let body = text;
  let currentSubject: string | null = subject;
  for (let depth = 0; depth < MAX_DEPTH && body.length <= MAX_SCANNED_CHARS; depth += 1) {
    const result = parser.read(body, currentSubject);
    if (!result.forwarded) break;
    const { email } = result;
    const outer: ForwardedContent | null = found;
    const next: ForwardedContent = {
      note: outer ? outer.note : noteOf(result.message),
      sender: senderOf(email.from) ?? outer?.sender ?? null,
      subject: email.subject?.trim() || outer?.subject || '',
      dateText: email.date?.trim() || quotedDateLine(body) || null,
      body: email.body ?? '',
      depth: depth + 1,
    };
    found = next;
    body = next.body;
    currentSubject = email.subject ?? null;
  }
  return found;
}

/**
 * The quoted date when the library missed its label ("Wysłane:", "Enviado el:" are Outlook's too): the
 * first date line of a header block, that is one with another header line within three lines of it.
 */
function quotedDateLine(text: string): string | null {
  const lines = text.slice(0, MAX_SCANNED_CHARS).split('\n').map((line) => line.trim().slice(0, 300));
  for (let i = 0; i < lines.length; i += 1) {
    const label = SENT_LABEL.exec(lines[i] ?? '');
    if (!label) continue;
    const near = [...lines.slice(Math.max(0, i - 3), i), ...lines.slice(i + 1, i + 4)];
    if (near.some((line) => HEADER_LINE.test(line))) return (lines[i] ?? '').slice(label[0].length).replace(/^[*\s]+/, '').trim() || null;
  }
  return null;
}

function senderOf(from: { address: string | null; name: string | null } | undefined): MailAddress | null {
  if (!from) return null;
  const address = normaliseAddress(from.address ?? '');
  if (isPlausibleAddress(address)) return { address, name: cleanName(from.name ?? '', address) };
  // Some clients quote a name and an address in one field the library leaves as the name.
  return from.name ? parseAddressText(from.name) : null;
}

function cleanName(name: string, address: string): string {
  const clean = name.replace(/^["'\s]+|["'\s]+$/g, '').replace(/\s+/g, ' ').trim();
  return clean.toLowerCase() === address ? '' : clean;
}

function noteOf(message: string | null): string {
  if (!message) return '';
  return message
    .split('\n')
    .filter((line) => !(SEPARATOR_ONLY.test(line) && /[-_=*]{3,}/.test(line)))
    .join('\n')
    .trim();
}
