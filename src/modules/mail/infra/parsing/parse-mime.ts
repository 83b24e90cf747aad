import { simpleParser, type AddressObject, type Attachment, type EmailAddress, type SimpleParserOptions } from 'mailparser';
import { MailParseError, type ParsedMail } from '../../application/ports/mail-parser.port.js';
import { detectForwardingConfirmation } from '../../domain/forwarding-confirmation.js';
import { detectManualForward } from '../../domain/forwarded-message.js';
import { isPlausibleAddress, normaliseAddress, type MailAddress } from '../../domain/mail-address.js';
import { capText, normaliseMailText } from '../../domain/mail-text.js';
import { htmlToText } from './html-to-text.js';

export interface ParseMimeOptions {
  /** The text is cut to this many characters. */
  maxTextChars: number;
}

/** 2 MiB of text is far more than any summary needs, and bounds what crosses the thread boundary. */
export const DEFAULT_MAX_TEXT_CHARS = 2 * 1024 * 1024;

/**
 * mailparser's own HTML-to-text, text-to-HTML and image inlining are skipped (we convert HTML ourselves
 * and drop hidden parts); `ignoreEmbedded` (passed through to mailsplit) turns every message/rfc822 part,
 * inline or not, into an attachment, so a forwarded message is handled one way.
 */
const PARSER_OPTIONS: SimpleParserOptions & { ignoreEmbedded: boolean } = {
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
    if (isPlausibleAddress(address)) return { address, name: (entry.name ?? '').trim() };
  }
  return null;
}

function attachmentMeta(attachment: Attachment): ParsedMail['attachments'][number] {
  return { filename: attachment.filename ?? null, contentType: attachment.contentType, size: attachment.size };
}

function formatAddress(address: MailAddress | null): string {
  if (!address) return '(unknown)';
  return address.name ? `${address.name} <${address.address}>` : `<${address.address}>`;
}

/** The forwarded message/rfc822 part appended the way Gmail quotes a forward, so the summary sees it. */
function quoteForwarded(inner: ParsedMail): string {
  const header = [
    '---------- Forwarded message ---------',
    `From: ${formatAddress(inner.from)}`,
    ...(inner.date ? [`Date: ${inner.date.toUTCString()}`] : []),
    `Subject: ${inner.subject}`,
  ];
  return `${header.join('\n')}\n\n${inner.text}`;
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

/**
 * One raw message to a plain, structured-clone-safe ParsedMail. Runs inside the parser worker; it is
 * exported for tests. A forwarded message/rfc822 part is read one level deep, no further.
 */
export async function parseMime(raw: Buffer, options: ParseMimeOptions, depth = 0): Promise<ParsedMail> {
  let mail;
  try {
    mail = await simpleParser(raw, PARSER_OPTIONS);
  } catch (error) {
    throw new MailParseError(`The message cannot be parsed: ${error instanceof Error ? error.message : String(error)}`, 'malformed');
  }
  if (mail.headers.size === 0) throw new MailParseError('The message has no header section.', 'malformed');

  const from = firstAddress(mail.from);
  const subject = (mail.subject ?? '').replace(/\s+/g, ' ').trim();
  const html = typeof mail.html === 'string' ? mail.html : '';
  let text = normaliseMailText(mail.text ?? '');
  let links: string[] = [];
  if (html && (!text || from?.address === 'forwarding-noreply@google.com')) {
    const converted = htmlToText(html);
    links = converted.links;
    if (!text) text = normaliseMailText(converted.text);
  }

  const manualForward = detectManualForward(text);
  const embedded = depth === 0 ? await parseEmbedded(mail.attachments, options) : null;
  if (embedded) text = text ? `${text}\n\n${quoteForwarded(embedded)}` : quoteForwarded(embedded);
  text = capText(text, options.maxTextChars);

  return {
    messageId: mail.messageId ?? null,
    subject,
    from,
    originalSender: manualForward?.sender ?? embedded?.from ?? null,
    date: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : null,
    text,
    forwardingConfirmation: detectForwardingConfirmation({ from: from?.address ?? null, subject, text, links }),
    attachments: mail.attachments.map(attachmentMeta),
  };
}
