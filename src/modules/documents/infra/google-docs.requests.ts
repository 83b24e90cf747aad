import { createHash } from 'node:crypto';
import type { docs_v1 } from '@googleapis/docs';
import type { DocBlock } from '../application/ports/doc-store.port.js';

/**
 * The Docs API requests that put Mailscribe's text into a Google Doc, as pure functions.
 * Every index is in UTF-16 code units, as Google's are: JavaScript string lengths already count them.
 */
type Request = docs_v1.Schema$Request;

/** Where a block goes. At the end the caller has read the document, so it knows the index and the lead. */
export type Placement = { at: 'beginning' } | { at: 'end'; index: number; lead: '' | '\n' | '\n\n' };

const HEADING_STYLE = 'HEADING_2';
const NO_SUBJECT = '(no subject)';
// Empty values with these fields clear them: the inserted text would otherwise inherit the style of
// the text before it, a link included.
const TEXT_STYLE_RESET =
  'bold,italic,underline,strikethrough,smallCaps,backgroundColor,foregroundColor,fontSize,weightedFontFamily,baselineOffset,link';
const PARAGRAPH_STYLE_RESET = 'namedStyleType,alignment,indentStart,indentEnd,indentFirstLine';
const META_STYLE: docs_v1.Schema$TextStyle = {
  italic: true,
  foregroundColor: { color: { rgbColor: { red: 0.4, green: 0.4, blue: 0.4 } } },
};

/**
 * Google strips these from inserted text (U+0000–U+0008, U+000C–U+001F, the BMP private use area), which
 * would shift every index after them; lone surrogates cannot be sent as they are.
 */
export function plainText(text: string): string {
  const normalised = text
    .replace(/\r\n?/g, '\n')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
  let out = '';
  for (const unit of normalised) {
    const code = unit.charCodeAt(0);
    const stripped = code <= 0x08 || (code >= 0x0c && code <= 0x1f) || (code >= 0xe000 && code <= 0xf8ff);
    if (!stripped) out += unit;
  }
  return out;
}

function oneLine(text: string): string {
  return plainText(text).replace(/\s+/g, ' ').trim();
}

/** Lines of a multi-paragraph text: trailing spaces dropped, runs of blank lines kept as one. */
export function textLines(text: string): string[] {
  const lines: string[] = [];
  for (const raw of plainText(text).split('\n')) {
    const line = raw.trimEnd();
    if (line === '' && (lines.length === 0 || lines.at(-1) === '')) continue;
    lines.push(line);
  }
  while (lines.at(-1) === '') lines.pop();
  return lines;
}

/** The intro of a new document, whose body is a single empty paragraph. */
export function introRequests(intro: string): Request[] {
  const text = textLines(intro).join('\n');
  return text ? [{ insertText: { location: { index: 1 }, text } }] : [];
}

/** Where a block goes at the end: after the last paragraph, with one blank paragraph before it. */
export function endPlacement(document: docs_v1.Schema$Document): Placement {
  const content = document.body?.content ?? [];
  const last = content.at(-1);
  const endIndex = last?.endIndex ?? 2;
  if (endIndex <= 2) return { at: 'end', index: 1, lead: '' };
  const lastText = (last?.paragraph?.elements ?? []).map((element) => element.textRun?.content ?? '').join('');
  // Inserting before the body's final newline: one newline ends the last paragraph, another makes the
  // blank one. An empty last paragraph already is that blank one.
  return { at: 'end', index: endIndex - 1, lead: lastText === '\n' ? '\n' : '\n\n' };
}

/**
 * The name of the named range that marks a block in the document, the same for every attempt to write
 * it: a retry after an unknown outcome finds it and does not write the block again. Named ranges are
 * invisible to the user, and edits inside the block keep the range.
 */
export function blockMarker(block: DocBlock): string {
  const digest = createHash('sha256').update(JSON.stringify([block.heading, block.meta, block.body])).digest('hex');
  return `mailscribe-block-${digest.slice(0, 32)}`;
}

/** Whether a document read with `namedRanges` holds the block marked `marker`. */
export function hasBlockMarker(document: docs_v1.Schema$Document, marker: string): boolean {
  return Object.hasOwn(document.namedRanges ?? {}, marker);
}

/**
 * One block as one batchUpdate: the text, then its styles. Paragraph and text styles are set on every
 * paragraph of the block, since new paragraphs copy the style (and bullets) of the one they split.
 * With a marker, the same batch names the block's text, so the text and its marker land together or not at all.
 */
export function blockRequests(block: DocBlock, placement: Placement, marker?: string): Request[] {
  const heading = oneLine(block.heading) || NO_SUBJECT;
  // The meta is a line or two (sender and date; who forwarded it): each its own paragraph, all in italics.
  const meta = plainText(block.meta).split('\n').map(oneLine).filter(Boolean).join('\n');
  const blockText = [heading, ...(meta ? [meta] : []), ...textLines(block.body)].map((line) => `${line}\n`).join('');

  const atEnd = placement.at === 'end';
  const insertAt = atEnd ? placement.index : 1;
  const lead = atEnd ? placement.lead : '';
  const text = atEnd ? lead + blockText.slice(0, -1) : `${blockText}\n`;
  const start = insertAt + lead.length;
  const blockEnd = start + blockText.length;
  const headingEnd = start + heading.length + 1;
  const separator = atEnd ? (lead ? range(start - 1, start) : null) : range(blockEnd, blockEnd + 1);
  const first = separator ? Math.min(separator.startIndex, start) : start;
  const last = separator ? Math.max(separator.endIndex, blockEnd) : blockEnd;
  // At the end the block's last paragraph ends with the body's own final newline: leave its style alone.
  const textEnd = atEnd ? blockEnd - 1 : last;

  const requests: Request[] = [
    { insertText: { location: { index: insertAt }, text } },
    { deleteParagraphBullets: { range: range(first, last) } },
    paragraphStyle(range(start, headingEnd), HEADING_STYLE),
  ];
  if (headingEnd < blockEnd) requests.push(paragraphStyle(range(headingEnd, blockEnd), 'NORMAL_TEXT'));
  if (separator) requests.push(paragraphStyle(separator, 'NORMAL_TEXT'));
  requests.push({ updateTextStyle: { range: range(first, textEnd), textStyle: {}, fields: TEXT_STYLE_RESET } });
  if (meta) {
    requests.push({ updateTextStyle: { range: range(headingEnd, headingEnd + meta.length), textStyle: META_STYLE, fields: 'italic,foregroundColor' } });
  }
  // From the heading to the end of the body's text (never a segment's final newline).
  if (marker) requests.push({ createNamedRange: { name: marker, range: range(start, blockEnd - 1) } });
  return requests;
}

/** The concatenated text of every text run in the body, tables and tables of contents included. */
export function textOf(document: docs_v1.Schema$Document): string {
  return contentText(document.body?.content ?? []);
}

function contentText(content: docs_v1.Schema$StructuralElement[]): string {
  let text = '';
  for (const element of content) {
    for (const part of element.paragraph?.elements ?? []) text += part.textRun?.content ?? '';
    for (const row of element.table?.tableRows ?? []) {
      for (const cell of row.tableCells ?? []) text += contentText(cell.content ?? []);
    }
    text += contentText(element.tableOfContents?.content ?? []);
  }
  return text;
}

function range(startIndex: number, endIndex: number): { startIndex: number; endIndex: number } {
  return { startIndex, endIndex };
}

function paragraphStyle(at: docs_v1.Schema$Range, namedStyleType: string): Request {
  return { updateParagraphStyle: { range: at, paragraphStyle: { namedStyleType }, fields: PARAGRAPH_STYLE_RESET } };
}
