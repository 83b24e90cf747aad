import { plainText, singleLine, truncateAtWord } from './plain-text.js';
import type { Summary } from './summary.js';

/** The longest body written for one mail (the heading and the sender line come on top). */
export const BLOCK_MAX_CHARS = 4_000;

const LEADING_MARKER = /^(?:[•·▪◦‣●○■□*+\-–—]|\(?\d{1,2}[.)])\s+/u;

/**
 * The body of the block written into the document for one mail, as plain text:
 *
 *     <summary paragraph(s)>
 *
 *     Key points:
 *     • …
 *
 *     Action items:
 *     • …
 *
 * Empty sections are left out, every item is one line, everything goes through `plainText`, and the
 * whole is cut at a word boundary with "…" past `maxChars`.
 */
export function summaryBlock(summary: Summary, maxChars: number = BLOCK_MAX_CHARS): string {
  const sections = [
    plainText(summary.summary),
    section('Key points:', summary.keyPoints),
    section('Action items:', summary.actionItems),
  ].filter((part) => part !== '');
  return capped(sections.join('\n\n'), maxChars);
}

/** One list item: a single plain line, without the bullet or number the writer may have put in front. */
export function listItem(text: string): string {
  let item = singleLine(text);
  for (let i = 0; i < 3 && LEADING_MARKER.test(item); i += 1) item = item.replace(LEADING_MARKER, '').trim();
  return item;
}

const HEADINGS = ['Key points:', 'Action items:'];

function section(heading: string, items: readonly string[]): string {
  const lines = items.map(listItem).filter((item) => item !== '');
  return lines.length === 0 ? '' : [heading, ...lines.map((item) => `• ${item}`)].join('\n');
}

function capped(body: string, maxChars: number): string {
  if (body.length <= maxChars) return body;
  const lines = truncateAtWord(body, maxChars).split('\n');
  // A cut right after a section heading would leave the heading alone: drop it.
  const last = (lines[lines.length - 1] ?? '').replace(/…$/, '');
  if (last !== '' && HEADINGS.some((heading) => heading.startsWith(last))) {
    lines.pop();
    while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
    return `${lines.join('\n').replace(/[\s,;:.]+$/, '')}…`;
  }
  return lines.join('\n');
}
