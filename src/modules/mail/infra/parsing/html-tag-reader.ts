/**
 * Reading HTML in place, for the mail converter (html-to-text.ts): one tag with the few attributes the
 * converter reads, where a comment ends, where a raw-text element (script, style, …) ends. Each is linear
 * and tolerant like a browser: hostile markup costs one pass, never a backtracking search.
 */
import { decodeEntities } from '../../../../text/html-entities.js';

export interface Tag {
  name: string;
  closing: boolean;
  /** Only the attributes this converter reads (WANTED_ATTRIBUTES). */
  attributes: Map<string, string> | null;
  /** Index just after the tag's `>`. */
  end: number;
}

const WANTED_ATTRIBUTES = new Set(['style', 'hidden', 'href', 'class', 'bgcolor', 'color']);
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
export function readTag(html: string, start: number): Tag | null {
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
export function commentEnd(html: string, start: number): number {
  if (html.startsWith('>', start + 4)) return start + 5;
  if (html.startsWith('->', start + 4)) return start + 6;
  const close = html.indexOf('-->', start + 4);
  return close < 0 ? html.length : close + 3;
}

const closeTags = new Map<string, RegExp>();

export function rawTextEnd(html: string, from: number, name: string): number {
  const closeTag = closeTags.get(name) ?? new RegExp(`</${name}`, 'gi');
  closeTags.set(name, closeTag);
  closeTag.lastIndex = from;
  const close = closeTag.exec(html);
  if (!close) return html.length;
  const gt = html.indexOf('>', close.index);
  return gt < 0 ? html.length : gt + 1;
}
