/**
 * Removes HTML markup from text in one linear pass (no regex over the whole text, so no input can make
 * it slow): tags go, comments and invisible elements (scripts, styles…) go with their content, and so
 * do elements their author hid (display:none, visibility:hidden, zero size or opacity, `hidden`). Line
 * breaks stay where `<br>` and the ends of blocks were. A `<` that does not open a complete tag is kept:
 * `3 < 4` is prose.
 */

/** Elements whose content a reader never sees. */
const INVISIBLE = new Set(['script', 'style', 'head', 'title', 'template', 'noscript', 'svg', 'iframe', 'object', 'math']);
/** Elements commonly hidden in mail (a bounded set: each name costs at most one scan of the text). */
const HIDEABLE = new Set([
  'div', 'span', 'p', 'a', 'b', 'i', 'em', 'strong', 'font', 'td', 'th', 'tr', 'table', 'tbody', 'section', 'center',
  'li', 'ul', 'ol', 'small', 'label', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code',
]);
/** Ends of these put a line break in the text. */
const LINE_ENDS = new Set(['p', 'div', 'li', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'table', 'section', 'pre']);

export function stripHtml(text: string): string {
  const lower = text.toLowerCase();
  const closes = new Map<string, number>();
  let out = '';
  let i = 0;
  let nextGt = -2; // -2: not looked up yet; -1: there is no '>' further on
  let nextLt = -2;

  /** The first `</name` at or after `from`, remembered per name so the text is scanned once per name. */
  const closeOf = (name: string, from: number): number => {
    const known = closes.get(name);
    if (known !== undefined && (known === -1 || known >= from)) return known;
    const found = lower.indexOf(`</${name}`, from);
    closes.set(name, found);
    return found;
  };

  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt < 0) {
      out += text.slice(i);
      break;
    }
    out += text.slice(i, lt);
    if (lower.startsWith('<!--', lt)) {
      const end = text.indexOf('-->', lt + 4);
      i = end < 0 ? text.length : end + 3; // an unclosed comment hides everything after it
      continue;
    }
    if (nextGt !== -1 && nextGt <= lt) nextGt = text.indexOf('>', lt + 1);
    if (nextLt !== -1 && nextLt <= lt) nextLt = text.indexOf('<', lt + 1);
    const opensTag = /[a-z/!?]/i.test(text.charAt(lt + 1));
    if (!opensTag || nextGt < 0 || (nextLt >= 0 && nextLt < nextGt)) {
      out += '<';
      i = lt + 1;
      continue;
    }
    const gt = nextGt;
    const tag = lower.slice(lt + 1, gt);
    const name = /^\/?([a-z][a-z0-9-]*)/.exec(tag)?.[1] ?? '';
    const closing = tag.startsWith('/');
    i = gt + 1;
    if (!closing && (INVISIBLE.has(name) || (HIDEABLE.has(name) && isHidden(tag)))) {
      const close = closeOf(name, gt);
      if (close >= 0) {
        const end = text.indexOf('>', close);
        i = end < 0 ? text.length : end + 1;
      }
      continue;
    }
    if (name === 'br' || (closing && LINE_ENDS.has(name))) out += '\n';
    else if (closing && (name === 'td' || name === 'th')) out += ' ';
  }
  return out;
}

function isHidden(tag: string): boolean {
  const attributes = tag.replace(/\s+/g, '');
  return (
    /(?:^|[\s"'])hidden(?:[\s=/]|$)/.test(tag) ||
    attributes.includes('display:none') ||
    attributes.includes('visibility:hidden') ||
    attributes.includes('mso-hide:all') ||
    /(?:^|[;"'])(?:font-size|opacity|max-height):0(?![.\d]*[1-9])/.test(attributes)
  );
}
