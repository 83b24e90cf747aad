import { createHash } from 'node:crypto';
import type { docs_v1 } from '@googleapis/docs';
import type { DocBlock } from '../application/ports/doc-store.port.js';
import { blockLayout, type ListStyle } from '../domain/doc-block-layout.js';

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
const LINK_BLUE = { red: 0.1, green: 0.45, blue: 0.91 };
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

/** One paragraph of a block as written: its text (no newline) and how it is styled. */
interface BlockParagraph {
  text: string;
  role: 'heading' | 'meta' | 'text' | 'label' | 'link';
  /** Code units at the start shown bold (a label). */
  bold: number;
  /** Set on list items: the list it belongs to (its position among the block's lists) and its preset. */
  list?: { id: number; preset: string };
}

const BULLET_PRESETS: Record<ListStyle, string> = { bullets: 'BULLET_DISC_CIRCLE_SQUARE', checklist: 'BULLET_CHECKBOX' };

/** The block's layout as paragraphs: heading, meta lines, summary lines, each list's label and items, the link. */
function blockParagraphs(block: DocBlock): BlockParagraph[] {
  const layout = blockLayout(block);
  const paragraphs: BlockParagraph[] = [{ text: oneLine(layout.heading) || NO_SUBJECT, role: 'heading', bold: 0 }];
  for (const line of layout.meta) {
    const text = oneLine(line.text);
    if (text) paragraphs.push({ text, role: 'meta', bold: line.label && text.startsWith(line.label) ? line.label.length : 0 });
  }
  let lists = 0;
  layout.sections.forEach((section, i) => {
    if (i > 0) paragraphs.push({ text: '', role: 'text', bold: 0 });
    if (section.kind === 'paragraph') {
      for (const line of textLines(section.text)) paragraphs.push({ text: line, role: 'text', bold: 0 });
      return;
    }
    const label = oneLine(section.label);
    paragraphs.push({ text: label, role: 'label', bold: label.length });
    const list = { id: (lists += 1), preset: BULLET_PRESETS[section.style] };
    // Items carry no "• ": the list draws the bullet or the checkbox. oneLine leaves no leading tab, which
    // createParagraphBullets would take as a nesting level and remove, shifting every index after it.
    for (const item of section.items.map(oneLine).filter(Boolean)) paragraphs.push({ text: item, role: 'text', bold: 0, list });
  });
  if (layout.link) paragraphs.push({ text: layout.link.text, role: 'link', bold: 0 });
  return paragraphs;
}

/**
 * One block as one batchUpdate: the text, then its styles, then its lists. Paragraph and text styles are
 * set on every paragraph of the block, since new paragraphs copy the style (and bullets) of the one they
 * split; the bullets go last, after the paragraph styles that would reset their indents. With a marker,
 * the same batch names the block's text, so the text and its marker land together or not at all.
 */
export function blockRequests(block: DocBlock, placement: Placement, marker?: string): Request[] {
  const paragraphs = blockParagraphs(block);
  const blockText = paragraphs.map((paragraph) => `${paragraph.text}\n`).join('');

  const atEnd = placement.at === 'end';
  const insertAt = atEnd ? placement.index : 1;
  const lead = atEnd ? placement.lead : '';
  const text = atEnd ? lead + blockText.slice(0, -1) : `${blockText}\n`;
  const start = insertAt + lead.length;
  const blockEnd = start + blockText.length;
  const headingEnd = start + (paragraphs[0]?.text.length ?? 0) + 1;
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

  const styles: Request[] = [];
  const lists = new Map<number, { preset: string; from: number; to: number }>();
  let at = start;
  for (const paragraph of paragraphs) {
    const end = at + paragraph.text.length;
    if (paragraph.role === 'meta') styles.push(textStyle(range(at, end), META_STYLE, 'italic,foregroundColor'));
    if (paragraph.role === 'link' && block.link) styles.push(textStyle(range(at, end), linkStyle(block.link), 'link,underline,foregroundColor,fontSize'));
    if (paragraph.bold > 0) styles.push(textStyle(range(at, at + paragraph.bold), { bold: true }, 'bold'));
    if (paragraph.list) {
      const list = lists.get(paragraph.list.id) ?? { preset: paragraph.list.preset, from: at, to: end };
      lists.set(paragraph.list.id, { ...list, to: end });
    }
    at = end + 1;
  }
  requests.push(...styles);
  // Up to the last item's text, never its newline: at the end that may be the body's final one.
  for (const list of lists.values()) requests.push({ createParagraphBullets: { range: range(list.from, list.to), bulletPreset: list.preset } });
  // From the heading to the end of the body's text (never a segment's final newline).
  if (marker) requests.push({ createNamedRange: { name: marker, range: range(start, blockEnd - 1) } });
  return requests;
}

/**
 * Several blocks as one batchUpdate, each with its own marker: at the end each goes after the one before
 * (its place follows from the text the one before inserted); at the beginning each goes above the one before.
 */
export function blocksRequests(blocks: readonly { block: DocBlock; marker: string }[], placement: Placement): Request[] {
  const requests: Request[] = [];
  let at = placement;
  for (const { block, marker } of blocks) {
    const own = blockRequests(block, at, marker);
    requests.push(...own);
    // The block's last paragraph now ends the body, and it is never empty: the next one needs a blank line.
    if (at.at === 'end') at = { at: 'end', index: at.index + (own[0]?.insertText?.text?.length ?? 0), lead: '\n\n' };
  }
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

function textStyle(at: docs_v1.Schema$Range, style: docs_v1.Schema$TextStyle, fields: string): Request {
  return { updateTextStyle: { range: at, textStyle: style, fields } };
}

function linkStyle(url: string): docs_v1.Schema$TextStyle {
  return { link: { url }, underline: true, foregroundColor: { color: { rgbColor: LINK_BLUE } }, fontSize: { magnitude: 9, unit: 'PT' } };
}

function paragraphStyle(at: docs_v1.Schema$Range, namedStyleType: string): Request {
  return { updateParagraphStyle: { range: at, paragraphStyle: { namedStyleType }, fields: PARAGRAPH_STYLE_RESET } };
}
