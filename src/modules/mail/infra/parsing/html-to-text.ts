import { decodeEntities } from './html-entities.js';

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
const PARAGRAPH = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'table', 'ul', 'ol', 'dl', 'figure']);
const BLOCK = new Set([
  'address', 'article', 'aside', 'caption', 'center', 'dd', 'details', 'dialog', 'div', 'dt', 'fieldset', 'figcaption',
  'footer', 'form', 'header', 'hr', 'legend', 'li', 'main', 'nav', 'section', 'summary', 'tbody', 'tfoot', 'thead', 'tr',
]);
/** Start tags that close an open element of the same name (`<li>a<li>b`). */
const SELF_CLOSING_SIBLINGS = new Set(['p', 'li', 'td', 'th', 'tr', 'dt', 'dd', 'option']);

/** Inline styles that hide content: preheaders, tracking text and spam-filter padding use them. */
export function isHiddenStyle(style: string): boolean {
  const css = `;${style.toLowerCase().replace(/\s+/g, '').replace(/!important/g, '')};`;
  return (
    css.includes(';display:none;') ||
    css.includes(';visibility:hidden;') ||
    /;font-size:0*\.?0*(?:px|pt|em|rem|%)?;/.test(css) ||
    /;opacity:0*\.?0*;/.test(css) ||
    (/;(?:max-)?height:0*\.?0*(?:px)?;/.test(css) && css.includes(';overflow:hidden;'))
  );
}

interface Tag {
  name: string;
  closing: boolean;
  /** Only the attributes this converter reads: style, hidden, href. */
  attributes: Map<string, string> | null;
  /** Index just after the tag's `>`. */
  end: number;
}

const WANTED_ATTRIBUTES = new Set(['style', 'hidden', 'href']);
// Sticky patterns read in place (no slicing), so every character is looked at a bounded number of times.
const TAG_NAME = /[a-zA-Z][a-zA-Z0-9:-]*/y;
const SEPARATORS = /[\s/]*/y;
const ATTRIBUTE_NAME = /[^\s=/>]+/y;
const EQUALS = /\s*=\s*/y;
const UNQUOTED_VALUE = /[^\s>]*/y;

function stickyMatch(pattern: RegExp, text: string, at: number): string | null {
  pattern.lastIndex = at;
  return pattern.exec(text)?.[0] ?? null;
}

/** Reads a tag starting at `start` (which holds `<`); linear, and tolerant like a browser. */
function readTag(html: string, start: number): Tag | null {
  const closing = html[start + 1] === '/';
  const rawName = stickyMatch(TAG_NAME, html, start + (closing ? 2 : 1));
  if (!rawName) return null;
  const name = rawName.toLowerCase();
  let attributes: Map<string, string> | null = null;
  let index = start + (closing ? 2 : 1) + rawName.length;
  while (index < html.length) {
    index += stickyMatch(SEPARATORS, html, index)?.length ?? 0;
    if (index >= html.length) break;
    if (html[index] === '>') return { name, closing, attributes, end: index + 1 };
    const attribute = (stickyMatch(ATTRIBUTE_NAME, html, index) ?? html[index] ?? '').toLowerCase();
    index += Math.max(1, attribute.length);
    let value = '';
    const equals = stickyMatch(EQUALS, html, index);
    if (equals) {
      index += equals.length;
      const quote = html[index];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, index + 1);
        const valueEnd = close < 0 ? html.length : close;
        value = html.slice(index + 1, valueEnd);
        index = valueEnd + 1;
      } else {
        value = stickyMatch(UNQUOTED_VALUE, html, index) ?? '';
        index += value.length;
      }
    }
    if (WANTED_ATTRIBUTES.has(attribute)) {
      attributes ??= new Map();
      if (!attributes.has(attribute)) attributes.set(attribute, decodeEntities(value));
    }
  }
  return { name, closing, attributes, end: html.length };
}

/** Where a comment that starts at `start` (`<!--`) ends, counting `<!-->` and `<!--->` as complete. */
function commentEnd(html: string, start: number): number {
  if (html.startsWith('>', start + 4)) return start + 5;
  if (html.startsWith('->', start + 4)) return start + 6;
  const close = html.indexOf('-->', start + 4);
  return close < 0 ? html.length : close + 3;
}

const closeTags = new Map<string, RegExp>();

function rawTextEnd(html: string, from: number, name: string): number {
  const closeTag = closeTags.get(name) ?? new RegExp(`</${name}`, 'gi');
  closeTags.set(name, closeTag);
  closeTag.lastIndex = from;
  const close = closeTag.exec(html);
  if (!close) return html.length;
  const gt = html.indexOf('>', close.index);
  return gt < 0 ? html.length : gt + 1;
}

/**
 * HTML to plain text for summarising: head, styles, scripts, comments and hidden elements dropped, link
 * text kept without its URL, block elements on their own lines, entities decoded. One linear pass, so a
 * hostile document costs time in proportion to its size.
 */
export function htmlToText(html: string): HtmlText {
  const out: string[] = [];
  const links: string[] = [];
  const stack: { name: string; hidden: boolean }[] = [];
  const open = new Map<string, number>();
  let hiddenDepth = 0;
  let preDepth = 0;

  const push = (name: string, hidden: boolean): void => {
    stack.push({ name, hidden });
    open.set(name, (open.get(name) ?? 0) + 1);
    if (hidden) hiddenDepth += 1;
    if (name === 'pre') preDepth += 1;
  };
  const popTo = (name: string): void => {
    if (!open.get(name)) return;
    for (;;) {
      const top = stack.pop();
      if (!top) return;
      open.set(top.name, (open.get(top.name) ?? 1) - 1);
      if (top.hidden) hiddenDepth -= 1;
      if (top.name === 'pre') preDepth -= 1;
      if (top.name === name) return;
    }
  };
  // Structural breaks merge (`</p><p>` is one blank line, not two) and wait for the next visible text.
  let pendingBreaks = 0;
  const lineBreak = (count: number): void => {
    if (hiddenDepth === 0) pendingBreaks = Math.max(pendingBreaks, count);
  };
  const emit = (piece: string): void => {
    if (hiddenDepth > 0) return;
    if (pendingBreaks > 0 && out.length > 0) out.push('\n'.repeat(pendingBreaks));
    pendingBreaks = 0;
    out.push(piece);
  };
  const emitText = (raw: string): void => {
    if (hiddenDepth > 0 || raw === '') return;
    const text = decodeEntities(raw);
    const piece = preDepth > 0 ? text : text.replace(/[ \t\n\r\f]+/g, ' ');
    if (pendingBreaks > 0 && piece.trim() === '') return;
    emit(piece);
  };

  let index = 0;
  while (index < html.length) {
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
    if (SELF_CLOSING_SIBLINGS.has(name) && stack[stack.length - 1]?.name === name) popTo(name);
    if (name === 'br') emit('\n');
    else if (name === 'li') {
      lineBreak(1);
      emit('- ');
    } else if (name === 'td' || name === 'th') emit(' ');
    else if (PARAGRAPH.has(name)) lineBreak(2);
    else if (BLOCK.has(name)) lineBreak(1);
    const hidden = INVISIBLE.has(name) || (tag.attributes !== null && (tag.attributes.has('hidden') || isHiddenStyle(tag.attributes.get('style') ?? '')));
    const href = tag.attributes?.get('href')?.trim();
    if (name === 'a' && href && !hidden && hiddenDepth === 0 && /^https?:\/\//i.test(href) && links.length < MAX_LINKS) links.push(href);
    if (VOID.has(name) || html[tag.end - 2] === '/') continue;
    push(name, hidden);
  }
  return { text: out.join(''), links };
}
