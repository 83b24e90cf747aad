import { stripHtml } from './html-markup.js';

/**
 * Makes text safe to write into a user's document: plain prose with no link, URL, image, HTML or
 * Markdown left in it, whoever wrote it (a model that may have been talked into exfiltrating data, or a
 * mail). Link texts survive (`[the agenda](https://…)` → `the agenda`); addresses and images do not.
 *
 * Two stages: a structural pass that understands Markdown and HTML (repeated until nothing changes, so
 * nesting cannot smuggle one construct through another), then a safety net that works token by token
 * and guarantees the result whatever the input: no `http` (nor `hxxp`, nor any `scheme://`), no
 * `www.`, no `](`, no `data:`, no `<` that could open a tag.
 */

/** Invisible characters: C0/C1 controls (but \t \n \r), soft hyphen, zero-width and bidi controls. */
const INVISIBLE =
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0\uFFF9-\uFFFB]/g;
/** Unicode "tags" and variation-selector supplements: used to hide text from people ("ASCII smuggling"). */
// eslint-disable-next-line no-misleading-character-class -- the range is removed, never matched as text
const SMUGGLING = /[\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]/gu;
const LINE_BREAKS = /\r\n?|[\u0085\u2028\u2029]/g;
const SPACES = /[\t\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/g;

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

const MD_IMAGE = /!\[[^\]\n]{0,500}\](?:\([^)\n]*\)?|\[[^\]\n]{0,100}\])?/g;
const MD_LINK = /\[([^\]\n]{0,500})\]\([^)\n]*\)?/g;
const MD_REFERENCE_LINK = /\[([^\]\n]{1,500})\]\[[^\]\n]{0,100}\]/g;
const MD_LINK_DEFINITION = /^[ \t]*\[[^\]\n]+\]:[^\n]*$/gm;
const MD_CODE_FENCE = /^[ \t]*(?:```|~~~)[^\n]*$/gm;
const MD_HEADING = /^[ \t]{0,3}#{1,6}(?:[ \t]+|$)/gm;
const MD_BLOCKQUOTE = /^[ \t]*(?:>[ \t]?)+/gm;
const MD_RULE = /^[ \t]*([-*_=])(?:[ \t]*\1){2,}[ \t]*$/gm;
const MD_STAR_BULLET = /^([ \t]*)[*+][ \t]+/gm;
const MD_STRONG = /(\*\*|__)(?=\S)([^\n]{0,500}?\S)\1/g;
const MD_STRIKE = /~~(?=\S)([^\n]{0,500}?\S)~~/g;
const MD_STAR_EMPHASIS = /(^|[^\w*])\*(?=[^\s*])([^\n*]{0,500}?[^\s*])\*(?![\w*])/g;
const MD_UNDERSCORE_EMPHASIS = /(^|[^\p{L}\p{N}_])_(?=[^\s_])([^\n_]{0,500}?[^\s_])_(?![\p{L}\p{N}_])/gu;

/** The protocol's name on its own ("HTTP", "HTTPS/2") is prose, not a link. */
const PROTOCOL_NAME = /^[("'“‘«[]*HTTPS?(?:\/\d(?:\.\d)?)?[)\]"'”’»,.;!?]*$/;
const LINKISH: RegExp[] = [
  /h[tx]{2}ps?/i, // http, https and their defanged forms (hxxp)
  /:\/\/|:\\\\/, // any scheme://
  /www\d{0,3}\./i,
  /(?:mailto|javascript|vbscript|livescript|file|blob|ftp|ftps|sftp|ssh|smb|cid|mid):/i,
  /data:./i, // a data: URI (a lone trailing `data:` is prose and is defanged instead)
  /[[({](?:\.|dot)[\])}]/i, // example[.]com, example(dot)com
  /(?:^|[^@\p{L}\p{N}_.-])(?:[\p{L}\p{N}-]+\.)+[a-z]{2,}(?::\d+)?[/?#]/iu, // domain.tld/path, domain.tld?q
  /\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?[/?#]/, // 10.0.0.1/path
];

export function plainText(input: string): string {
  let text = decodeEntities(input);
  text = normaliseCharacters(text);
  for (let pass = 0; pass < 5; pass += 1) {
    const next = structuralPass(text);
    if (next === text) break;
    text = next;
  }
  // Tidying may join characters ("www ." → "www."), so the net runs again after it.
  return collapseWhitespace(safetyNet(tidyPunctuation(safetyNet(text))));
}

/** Removes what a reader cannot see but a model reads: controls, zero-width, bidi and tag characters. */
export function withoutInvisible(text: string): string {
  return text.replace(INVISIBLE, '').replace(SMUGGLING, '');
}

/** One line of plain text: paragraph and line breaks become spaces. */
export function singleLine(input: string): string {
  return plainText(input).replace(/\s+/g, ' ').trim();
}

/** Cuts at a word boundary so the result, with its "…", is at most `max` characters. */
export function truncateAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, Math.max(0, max - 1)).replace(/[\uD800-\uDBFF]$/, ''); // never half an emoji
  const endsOnWord = /\s/.test(text.charAt(room.length));
  const lastSpace = room.search(/\s\S*$/);
  const cut = endsOnWord || lastSpace <= max * 0.6 ? room : room.slice(0, lastSpace);
  return `${cut.replace(/[\s,;:.–—-]+$/u, '')}…`;
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (entity, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
      return valid ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
}

function normaliseCharacters(text: string): string {
  return text.replace(LINE_BREAKS, '\n').replace(SPACES, ' ').replace(INVISIBLE, '').replace(SMUGGLING, '');
}

function structuralPass(text: string): string {
  return stripHtml(text)
    .replace(MD_IMAGE, '')
    .replace(MD_LINK, '$1')
    .replace(MD_REFERENCE_LINK, '$1')
    .replace(MD_LINK_DEFINITION, '')
    .replace(MD_CODE_FENCE, '')
    .replace(/`+/g, '')
    .replace(MD_RULE, '')
    .replace(MD_HEADING, '')
    .replace(MD_BLOCKQUOTE, '')
    .replace(MD_STAR_BULLET, '$1• ')
    .replace(MD_STRONG, '$2')
    .replace(MD_STRIKE, '$1')
    .replace(MD_STAR_EMPHASIS, '$1$2')
    .replace(MD_UNDERSCORE_EMPHASIS, '$1$2');
}

/**
 * The guarantee, whatever the structural pass missed. Order matters: each step only deletes or
 * separates, and no later step can join characters back into a forbidden sequence.
 */
function safetyNet(text: string): string {
  return text
    .replace(INVISIBLE, '')
    .replace(/<+/g, (run: string, at: number, all: string) => (/[a-z/!?]/i.test(all.charAt(at + run.length)) ? '' : run))
    .replace(/\]\(/g, '] (')
    .replace(/\S+/g, (token) => {
      if (!PROTOCOL_NAME.test(token) && LINKISH.some((pattern) => pattern.test(token))) {
        return /[.!?]+$/.exec(token)?.[0] ?? ''; // the sentence's own punctuation stays
      }
      return token.replace(/data:/gi, (match) => `${match.slice(0, 4)} –`);
    });
}

/** Cosmetics after removals: "see  ." → "see.", empty brackets gone. May join characters. */
function tidyPunctuation(text: string): string {
  return text
    .replace(/[ ]{2,}/g, ' ')
    .replace(/\(\s*\)|\[\s*\]/g, '')
    .replace(/([.!?,;:]) +[.!?]+(?=\s|$)/g, '$1')
    .replace(/ +([.,;:!?)\]])/g, '$1')
    .replace(/([([]) +/g, '$1');
}

/** Only ever shrinks whitespace; never joins two visible characters. */
function collapseWhitespace(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .map((line) => (/^[\s•·*+\-–—|:.,;]*$/u.test(line) ? '' : line))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
