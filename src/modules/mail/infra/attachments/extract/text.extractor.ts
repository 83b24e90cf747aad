import { htmlToText } from '../../parsing/html-to-text.js';
import { formatCount, type ExtractLimits, type Extracted, notRead, readText } from './extracted.js';
import { csvLines } from './csv-lines.js';
import { markdownText } from './markdown-text.js';
import { decodeText, headOf } from './text-decoding.js';

export type TextFormat = 'text' | 'csv' | 'markdown' | 'html';

/** CSV rows turned into lines; a longer table is cut, saying how many rows were left out. */
export const MAX_CSV_ROWS = 300;

/**
 * Bytes decoded per character kept: a character takes at most 4 bytes in UTF-8 and UTF-16, and CSV
 * and Markdown come out no longer than roughly their source. HTML gets more, since markup is not text.
 */
const BYTES_PER_CHAR: Record<TextFormat, number> = { text: 4, csv: 4, markdown: 4, html: 32 };

/** Plain text, CSV, Markdown and HTML attachments. */
export function extractText(bytes: Uint8Array, format: TextFormat, limits: ExtractLimits): Extracted {
  // Only the head that can fill maxChars is decoded (an even count, so UTF-16 is never split).
  const budget = 2 * Math.ceil((limits.maxChars * BYTES_PER_CHAR[format] + 16) / 2);
  const head = headOf(bytes, budget);
  const cut = head.length < bytes.length;
  const decoded = decodeText(head);
  if (decoded === null) return notRead('not a text file');

  let text: string;
  let rowsCut = false;
  switch (format) {
    case 'csv': {
      const csv = csvLines(decoded, MAX_CSV_ROWS);
      rowsCut = csv.omittedRows > 0;
      text = rowsCut ? `${csv.text}\n(${formatCount(csv.omittedRows)} more rows not shown)` : csv.text;
      break;
    }
    case 'markdown':
      text = markdownText(decoded);
      break;
    case 'html':
      // Headroom over maxChars: htmlToText counts text before whitespace is tidied.
      text = htmlToText(decoded, { maxChars: limits.maxChars * 2 + 100 }).text;
      break;
    case 'text':
      text = decoded;
      break;
  }
  const result = readText(text, limits.maxChars, { cut: cut || rowsCut });
  if (result.status === 'read' && result.text === '') return notRead('empty file');
  return result;
}
