import { simpleParser, type AddressObject, type Attachment, type EmailAddress, type SimpleParserOptions } from 'mailparser';
import { MailParseError, type ParsedMail } from '../../application/ports/mail-parser.port.js';
import { attachmentRole } from '../../domain/attachment.js';
import { detectForwardingConfirmation } from '../../domain/forwarding-confirmation.js';
import { isPlausibleAddress, normaliseAddress, safeDisplayName, type MailAddress } from '../../domain/mail-address.js';
import { writtenZoneOffset } from '../../domain/loose-date.js';
import { capText, normaliseMailText, oneLineText } from '../../domain/mail-text.js';
import { htmlToText } from './html-to-text.js';
import { structureMail, type MimeFacts } from './structure-mail.js';
import { readCalendarEvent } from './calendar-event.js';
import { readDeliveryReport } from './delivery-report.js';
import { repairUndeclaredCharset } from './undeclared-charset.js';

export interface ParseMimeOptions {
  /** The text is cut to this many characters. */
  maxTextChars: number;
}

/** 2 MiB of text is far more than any summary needs, and bounds what crosses the thread boundary. */
export const DEFAULT_MAX_TEXT_CHARS = 2 * 1024 * 1024;

/**
 * The most MIME parts (every entity below the message itself, multipart containers included) a mail may
 * have. Real mail has a handful; thousands only make the parser work. mailsplit stops at its node limit.
 */
export const MAX_MIME_PARTS = 1000;

/**
 * mailparser's own HTML-to-text, text-to-HTML and image inlining are skipped (we convert HTML ourselves
 * and drop hidden parts); `ignoreEmbedded` (passed through to mailsplit) turns every message/rfc822 part,
 * inline or not, into an attachment, so a forwarded message is handled one way.
 */
export const PARSER_OPTIONS: SimpleParserOptions & { ignoreEmbedded: boolean; maxChildNodes: number } = {
  // mailsplit counts the message itself as a node too.
  maxChildNodes: MAX_MIME_PARTS + 1,
  skipHtmlToText: true,
  skipTextToHtml: true,
  skipImageLinks: true,
  skipTextLinks: true,
  ignoreEmbedded: true,
};

function firstAddress(header: AddressObject | AddressObject[] | undefined): MailAddress | null {
  const queue: EmailAddress[] = [...(Array.isArray(header) ? header : header ? [header] : [])].flatMap((object) => object.value);
  for (const entry of queue) {
    if (entry.group?.length) {
      queue.push(...entry.group);
      continue;
    }
    const address = normaliseAddress(entry.address ?? '');
    // A name posing as header text or as another address is dropped: the sender is shown by address.
    if (isPlausibleAddress(address)) return { address, name: safeDisplayName(entry.name ?? '', address) };
  }
  return null;
}

function fromHeaders(lines: readonly { key: string }[]): number {
  return lines.filter((line) => line.key.toLowerCase() === 'from').length;
}

/** Every mailbox the From header names, in groups too. */
function fromAddresses(header: AddressObject | AddressObject[] | undefined): number {
  const entries = (Array.isArray(header) ? header : header ? [header] : []).flatMap((object) => object.value);
  return entries.reduce((count, entry) => count + (entry.group ? entry.group.length : entry.address ? 1 : 0), 0);
}

function attachmentMeta(attachment: Attachment): ParsedMail['attachments'][number] {
  const part = { filename: attachment.filename ?? null, contentType: attachment.contentType, size: attachment.size, inline: isInline(attachment) };
  return { ...part, role: attachmentRole(part) };
}

/** Shown in the message rather than attached to it: an inline part, or one of `multipart/related`. */
export function isInline(attachment: Pick<Attachment, 'contentDisposition' | 'related'>): boolean {
  return attachment.contentDisposition === 'inline' || attachment.related === true;
}

async function parseEmbedded(attachments: readonly Attachment[], options: ParseMimeOptions): Promise<ParsedMail | null> {
  const embedded = attachments.find((attachment) => attachment.contentType === 'message/rfc822');
  if (!embedded) return null;
  try {
    return await parseMime(embedded.content, options, 1);
  } catch {
    return null;
  }
}

/** The subject of a bounce's returned message (message/rfc822) or returned headers (text/rfc822-headers). */
async function returnedSubject(attachments: readonly Attachment[]): Promise<string | null> {
  const part = attachments.find((attachment) => /^(?:message\/rfc822|text\/rfc822-headers)$/i.test(attachment.contentType));
  if (!part) return null;
  try {
    // Headers alone parse as a message with an empty body.
    const returned = await simpleParser(Buffer.concat([part.content, Buffer.from('\r\n\r\n')]), PARSER_OPTIONS);
    return oneLineText(returned.subject ?? '') || null;
  } catch {
    return null;
  }
}

function isDeliveryReport(contentType: unknown): boolean {
  if (typeof contentType !== 'object' || contentType === null || !('value' in contentType)) return false;
  const { value, params } = contentType as { value: unknown; params?: Record<string, string> };
  return value === 'multipart/report' && (params?.['report-type'] ?? '').toLowerCase() === 'delivery-status';
}

function calendarOf(attachments: readonly Attachment[]) {
  const part = attachments.find((attachment) => /^(?:text\/calendar|application\/ics)$/i.test(attachment.contentType) && attachment.size > 0);
  return part ? readCalendarEvent(part.content.toString('utf8')) : null;
}

/** mailsplit's error once a message has more nodes than `maxChildNodes` (its other EMAXLEN is a header size). */
function isPartLimit(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === 'EMAXLEN' && /child nodes/i.test(error.message);
}

const formatCount = (count: number): string => count.toLocaleString('en-US');

/**
 * One raw message to a plain, structured-clone-safe ParsedMail. Runs inside the parser worker; it is
 * exported for tests. A forwarded message/rfc822 part is read one level deep, no further.
 */
export async function parseMime(raw: Buffer, options: ParseMimeOptions, depth = 0): Promise<ParsedMail> {
  let mail;
  try {
    mail = await simpleParser(repairUndeclaredCharset(raw), PARSER_OPTIONS);
  } catch (error) {
    if (isPartLimit(error)) throw new MailParseError(`The mail has more than ${formatCount(MAX_MIME_PARTS)} MIME parts (the limit is ${formatCount(MAX_MIME_PARTS)}).`, 'too-many-parts');
    throw new MailParseError(`The message cannot be parsed: ${error instanceof Error ? error.message : String(error)}`, 'malformed');
  }
  if (mail.headers.size === 0) throw new MailParseError('The message has no header section.', 'malformed');

  const from = firstAddress(mail.from);
  const subject = oneLineText(mail.subject ?? '');
  const html = typeof mail.html === 'string' ? mail.html : '';
  let text = normaliseMailText(mail.text ?? '');
  let links: string[] = [];
  if (html && (!text || from?.address === 'forwarding-noreply@google.com')) {
    const converted = htmlToText(html, { maxChars: options.maxTextChars });
    links = converted.links;
    if (!text) text = normaliseMailText(converted.text);
  }
  text = capText(text, options.maxTextChars);
  const date = mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : null;

  const report = isDeliveryReport(mail.headers.get('content-type')) ? { ...readDeliveryReport(text), returnedSubject: await returnedSubject(mail.attachments) } : null;
  // A bounce carries the returned message: it is what failed, not what the mail is about.
  const embedded = depth === 0 && !report ? await parseEmbedded(mail.attachments, options) : null;
  // mailparser gives the Date as an instant; the zone it was written in is read from the header line.
  const dateLine = mail.headerLines.find((line) => line.key.toLowerCase() === 'date')?.line.replace(/^date\s*:/i, '') ?? '';
  const dateOffsetMinutes = date ? writtenZoneOffset(dateLine) : null;
  const facts: MimeFacts = { subject, from, date, dateOffsetMinutes, text, report, calendar: calendarOf(mail.attachments), embedded: embedded?.structured ?? null };

  return {
    messageId: mail.messageId ?? null,
    subject,
    from,
    ambiguousFrom: fromHeaders(mail.headerLines) > 1 || fromAddresses(mail.from) > 1,
    date,
    structured: structureMail(facts),
    forwardingConfirmation: detectForwardingConfirmation({ from: from?.address ?? null, subject, text, links }),
    attachments: mail.attachments.map(attachmentMeta),
  };
}
