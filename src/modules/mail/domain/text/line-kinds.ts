import { INVISIBLE_CHARACTERS, LINE_BREAK, WIDE_SPACES } from '../../../../text/invisible.js';
import {
  ADDRESS_ATTRIBUTION,
  ATTRIBUTION_END,
  ATTRIBUTION_START,
  FROM_LABEL,
  SENT_LABEL,
  SUBJECT_LABEL,
} from './body-cues.js';

/** Only this much of a line is matched against cues: per-line work stays bounded on a 1 MB line. */
export const LINE_HEAD = 300;

export const headOf = (line: string): string => (line.length > LINE_HEAD ? line.slice(0, LINE_HEAD) : line);

/**
 * "On Mon, 3 Jun 2024 at 10:00, Ada <ada@example.com> wrote:" and its German, French, Spanish and
 * Polish forms, also when the client wrapped it over two lines (`previous` is the line before).
 * Returns 2 when the line completes an attribution started on the previous line.
 */
export function attributionLines(line: string, previous: string): 0 | 1 | 2 {
  if (line.length > LINE_HEAD || !ATTRIBUTION_END.test(line)) return 0;
  if (ATTRIBUTION_START.test(line) || ADDRESS_ATTRIBUTION.test(line)) return 1;
  const wrapped = previous.length <= LINE_HEAD && ATTRIBUTION_START.test(previous) && !/[.!?]$/.test(previous);
  return wrapped ? 2 : 0;
}

/**
 * Outlook's unmarked history: "From: …" followed closely by "Sent: …" (or "Date:") and "Subject: …",
 * in each language Outlook writes them.
 */
export function startsHeaderBlock(lines: readonly string[], index: number): boolean {
  if (!FROM_LABEL.test(headOf(lines[index] ?? ''))) return false;
  const next = lines.slice(index + 1, index + 8).map(headOf);
  return next.some((line) => SENT_LABEL.test(line)) && next.some((line) => SUBJECT_LABEL.test(line));
}

/** Index of the next line with text within ten lines after `index`, or -1. */
export function nextTextIndex(lines: readonly string[], index: number): number {
  for (let i = index + 1; i < lines.length && i <= index + 10; i += 1) if ((lines[i] ?? '') !== '') return i;
  return -1;
}

/** The next line with text within ten lines after `index`, or ''. */
export const nextTextLine = (lines: readonly string[], index: number): string => lines[nextTextIndex(lines, index)] ?? '';

/** Zero-width characters, combining grapheme joiners and soft hyphens: preheader padding, never text. */
const INVISIBLE_PADDING = new RegExp(`[${INVISIBLE_CHARACTERS}]`, 'g');
const WIDE_SPACE = new RegExp(`[\\t\\f${WIDE_SPACES}]`, 'g');

const URL = /<?\b(?:https?:\/\/|www\.)[^\s<>]+>?/gi;
const INLINE_PLACEHOLDER = /\[(?:image|img|cid):?[^\]\n]{0,300}\]/gi;

/** A line's text without URLs, image placeholders and padding: link text stays, addresses go. */
export function withoutLinks(line: string): string {
  if (!line.includes('://') && !line.includes('www.') && !line.includes('[')) return line;
  return line
    .replace(URL, '')
    .replace(INLINE_PLACEHOLDER, '')
    .replace(/\(\s*\)|\[\s*\]|<\s*>/g, '')
    .replace(/ {2,}/g, ' ')
    .replace(/ ([.,;:!?)])/g, '$1')
    .trim();
}

/** Line breaks unified, padding removed, spaces tidied, each line trimmed. */
export function linesOf(text: string): string[] {
  return text
    .replace(LINE_BREAK, '\n')
    .replace(INVISIBLE_PADDING, '')
    .replace(WIDE_SPACE, ' ')
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim());
}

export const hasWords = (text: string): boolean => /[\p{L}\p{N}]/u.test(text);
