import { backgroundOf, colourOf, declarationsOf, hidesContent } from '../../domain/text/css-visibility.js';
import { tableLines, type TableCell } from '../../domain/text/table-lines.js';
import { decodeEntities } from '../../../../text/html-entities.js';
import { commentEnd, rawTextEnd, readTag, type Tag } from './html-tag-reader.js';

export { isHiddenStyle } from '../../domain/text/css-visibility.js';

export interface HtmlText {
  /** Visible text with block elements turned into line breaks; not yet normalised. */
  text: string;
  /** http(s) link targets, in document order (at most MAX_LINKS): link text stays in `text`, URLs do not. */
  links: string[];
}

const MAX_LINKS = 200;
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** Elements whose content is raw text up to the matching end tag: never shown. */
const RAW_TEXT = new Set(['script', 'style', 'title', 'textarea', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext']);
/** Elements whose content is markup that a mail reader does not show. */
const INVISIBLE = new Set(['head', 'template', 'svg', 'math', 'object', 'select', 'map']);
const PARAGRAPH = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'ul', 'ol', 'dl', 'figure']);
const BLOCK = new Set([
  'address', 'article', 'aside', 'caption', 'center', 'dd', 'details', 'dialog', 'div', 'dt', 'fieldset', 'figcaption',
  'footer', 'form', 'header', 'hr', 'legend', 'li', 'main', 'nav', 'section', 'summary',
]);
/** Start tags that close an open element of the same name (`<li>a<li>b`). */
const SELF_CLOSING_SIBLINGS = new Set(['p', 'li', 'td', 'th', 'tr', 'dt', 'dd', 'option']);

/** Preheaders: the preview line a mail client shows beside the subject, hidden in the body. */
const PREHEADER_CLASS = /pre-?header|preview-?text/i;
/** A page is white unless the mail says otherwise. */
const PAGE = { color: '000000', background: 'ffffff' };

interface Open {
  name: string;
  hidden: boolean;
  /** Effective text and background colour, inherited (see css-visibility.ts). */
  color: string;
  background: string;
}

/** Where text goes: the document, or the cell of a table being read. */
interface Sink {
  parts: string[];
  /** Structural breaks merge (`</p><p>` is one blank line, not two) and wait for the next visible text. */
  pendingBreaks: number;
}

interface Table {
  /** Stack index of the `<table>` element and of its open row and cell (-1: none open). */
  depth: number;
  rowDepth: number;
  cellDepth: number;
  rows: TableCell[][];
  row: TableCell[] | null;
  cell: Sink | null;
  cellIsHeader: boolean;
  inHead: boolean;
  /** Text inside the table but outside any cell goes before it, as browsers do. */
  parent: Sink;
}

const newSink = (): Sink => ({ parts: [], pendingBreaks: 0 });

/** A cell's text: spaces tidied, lines trimmed, at most one blank line in a row. */
function tidyCell(raw: string): string {
  return raw
    .split('\n')
    .map((line) => line.replace(/[ \t\f\r]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function colourState(tag: Tag, parent: Open | undefined): { color: string; background: string; hidden: boolean } {
  const inherited = parent ?? { ...PAGE, name: '', hidden: false };
  const attributes = tag.attributes;
  if (!attributes) return { color: inherited.color, background: inherited.background, hidden: false };
  const css = declarationsOf(attributes.get('style') ?? '');
  const color = colourOf(css.get('color')) ?? (tag.name === 'font' ? colourOf(attributes.get('color')) : null) ?? inherited.color;
  const background = backgroundOf(css, attributes.get('bgcolor')) ?? inherited.background;
  const hidden = attributes.has('hidden') || hidesContent(css) || PREHEADER_CLASS.test(attributes.get('class') ?? '');
  return { color, background, hidden };
}

/**
 * HTML to plain text for summarising: head, styles, scripts, comments and hidden elements dropped (also
 * preheaders and text in its own background colour), link text kept without its URL, images dropped
 * (tracking pixels included), block elements on their own lines, tables as `label: value` lines,
 * entities decoded. One linear pass, so a hostile document costs time in proportion to its size.
 */
export function htmlToText(html: string, options: { maxChars?: number } = {}): HtmlText {
  // The text is cut at this length later anyway: stop converting once that much is produced.
  const maxChars = options.maxChars ?? Number.POSITIVE_INFINITY;
  let produced = 0;
  const root = newSink();
  const links: string[] = [];
  const stack: Open[] = [];
  const tables: Table[] = [];
  const open = new Map<string, number>();
  let hiddenDepth = 0;
  let preDepth = 0;

  const sink = (): Sink => {
    const table = tables[tables.length - 1];
    return table ? (table.cell ?? table.parent) : root;
  };
  const lineBreak = (count: number): void => {
    if (hiddenDepth > 0) return;
    const target = sink();
    target.pendingBreaks = Math.max(target.pendingBreaks, count);
  };
  const emit = (piece: string): void => {
    if (hiddenDepth > 0) return;
    const target = sink();
    if (target.pendingBreaks > 0 && target.parts.length > 0) target.parts.push('\n'.repeat(target.pendingBreaks));
    target.pendingBreaks = 0;
    target.parts.push(piece);
    produced += piece.length;
  };
  const emitText = (raw: string): void => {
    if (hiddenDepth > 0 || raw === '') return;
    const top = stack[stack.length - 1] ?? PAGE;
    if (top.color === top.background || top.color === 'transparent') return; // white on white
    const text = decodeEntities(raw);
    const piece = preDepth > 0 ? text : text.replace(/[ \t\n\r\f]+/g, ' ');
    if (sink().pendingBreaks > 0 && piece.trim() === '') return;
    emit(piece);
  };

  const finishCell = (table: Table): void => {
    if (!table.cell) return;
    const text = tidyCell(table.cell.parts.join(''));
    (table.row ??= []).push({ text, header: table.cellIsHeader || table.inHead, paragraph: table.cell.pendingBreaks >= 2 || text.includes('\n\n') });
    table.cell = null;
    table.cellDepth = -1;
  };
  const finishRow = (table: Table): void => {
    finishCell(table);
    if (table.row) table.rows.push(table.row);
    table.row = null;
    table.rowDepth = -1;
  };
  const finishTable = (table: Table): void => {
    finishRow(table);
    tables.pop();
    const text = tableLines(table.rows);
    if (text === '') return;
    lineBreak(2);
    emit(text);
    lineBreak(2);
  };
  /** Called for every element leaving the stack, at the index it had. */
  const closed = (entry: Open, index: number): void => {
    const table = tables[tables.length - 1];
    if (!table) return;
    if (index === table.cellDepth) finishCell(table);
    else if (index === table.rowDepth) finishRow(table);
    else if (index === table.depth) finishTable(table);
    else if (entry.name === 'thead') table.inHead = false;
  };

  const push = (entry: Open): void => {
    stack.push(entry);
    open.set(entry.name, (open.get(entry.name) ?? 0) + 1);
    if (entry.hidden) hiddenDepth += 1;
    if (entry.name === 'pre') preDepth += 1;
  };
  const popTo = (name: string): void => {
    if (!open.get(name)) return;
    for (;;) {
      const top = stack.pop();
      if (!top) return;
      open.set(top.name, (open.get(top.name) ?? 1) - 1);
      if (top.hidden) hiddenDepth -= 1;
      if (top.name === 'pre') preDepth -= 1;
      closed(top, stack.length);
      if (top.name === name) return;
    }
  };
  /** Closes open elements down to (and including) the one at `index`. */
  const popToIndex = (index: number): void => {
    const name = stack[index]?.name;
    if (index >= 0 && name !== undefined) while (stack.length > index) popTo(stack[stack.length - 1]?.name ?? name);
  };

  let index = 0;
  while (index < html.length && produced <= maxChars) {
    const lt = html.indexOf('<', index);
    if (lt < 0) {
      emitText(html.slice(index));
      break;
    }
    emitText(html.slice(index, lt));
    if (html.startsWith('<!--', lt)) {
      index = commentEnd(html, lt);
      continue;
    }
    if (html[lt + 1] === '!' || html[lt + 1] === '?') {
      const gt = html.indexOf('>', lt);
      index = gt < 0 ? html.length : gt + 1;
      continue;
    }
    const tag = readTag(html, lt);
    if (!tag) {
      emitText('<');
      index = lt + 1;
      continue;
    }
    index = tag.end;
    const { name } = tag;
    if (tag.closing) {
      if (PARAGRAPH.has(name)) lineBreak(2);
      else if (BLOCK.has(name)) lineBreak(1);
      popTo(name);
      continue;
    }
    if (RAW_TEXT.has(name)) {
      index = rawTextEnd(html, index, name);
      continue;
    }
    if (name === 'body') popTo('head');
    const table = tables[tables.length - 1];
    if (table && (name === 'td' || name === 'th') && table.cellDepth >= 0) popToIndex(table.cellDepth);
    else if (table && name === 'tr') {
      popToIndex(table.rowDepth >= 0 ? table.rowDepth : table.cellDepth);
      finishRow(table); // cells written without a <tr> form a row of their own
    }
    else if (SELF_CLOSING_SIBLINGS.has(name) && stack[stack.length - 1]?.name === name) popTo(name);
    if (name === 'br') emit('\n');
    else if (name === 'li') {
      lineBreak(1);
      emit('- ');
    } else if (PARAGRAPH.has(name)) lineBreak(2);
    else if (BLOCK.has(name)) lineBreak(1);
    const state = colourState(tag, stack[stack.length - 1]);
    const hidden = INVISIBLE.has(name) || state.hidden;
    const href = tag.attributes?.get('href')?.trim();
    if (name === 'a' && href && !hidden && hiddenDepth === 0 && /^https?:\/\//i.test(href) && links.length < MAX_LINKS) links.push(href);
    if (VOID.has(name) || html[tag.end - 2] === '/') continue;
    const depth = stack.length;
    push({ name, hidden, color: state.color, background: state.background });
    if (name === 'table') {
      tables.push({ depth, rowDepth: -1, cellDepth: -1, rows: [], row: null, cell: null, cellIsHeader: false, inHead: false, parent: sink() });
    } else if (table && name === 'thead') table.inHead = true;
    else if (table && name === 'tr') table.rowDepth = depth;
    else if (table && (name === 'td' || name === 'th')) {
      table.cell = newSink();
      table.cellDepth = depth;
      table.cellIsHeader = name === 'th';
    }
  }
  while (stack.length > 0) popTo(stack[stack.length - 1]?.name ?? '');
  return { text: root.parts.join(''), links };
}
