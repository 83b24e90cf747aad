/** What the pipeline keeps of a mail body: plain text with whitespace tidied. */
import { INVISIBLE_CHARACTERS, WIDE_SPACES } from '../../../text/invisible.js';

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000E-\u001F\u007F]/g;
/** The shared list of invisible characters (src/text/invisible.ts): one list for every reader of mail text. */
const INVISIBLE = new RegExp(`[${INVISIBLE_CHARACTERS}]`, 'g');
/**
 * Every other format character (Unicode general category Cf: tags, …) and the supplementary variation
 * selectors. They only ever hide or reorder what a reader sees: a subject "invoice\u202Efdp.exe" reads
 * "invoiceexe.pdf", and a forward's quoted subject and sender come from the body. Emoji joined by a ZWJ
 * fall apart into their parts, which stay readable.
 */
const FORMAT = /[\p{Cf}\u{E0100}-\u{E01EF}]/gu;
const HORIZONTAL_SPACE = new RegExp(`[ \\t\\f${WIDE_SPACES}]+`, 'g');

/**
 * Line breaks unified, invisible, format (bidi controls among them) and control characters removed,
 * runs of spaces and tabs collapsed to one space, spaces around line breaks dropped, at most two
 * consecutive line breaks, trimmed.
 */
export function normaliseMailText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, '')
    .replace(INVISIBLE, '')
    .replace(FORMAT, '')
    .replace(HORIZONTAL_SPACE, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** At most `maxChars` UTF-16 units, never cutting a surrogate pair in half. */
export function capText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(maxChars - 1)) ? maxChars - 1 : maxChars;
  return text.slice(0, Math.max(0, end));
}

/**
 * A header value (a subject, a name) as one clean line: control characters, NUL included (Postgres
 * cannot store it), invisible and format characters (bidi controls among them) removed, whitespace
 * collapsed.
 */
export function oneLineText(text: string): string {
  return normaliseMailText(text).replace(/\s+/g, ' ');
}
