import { decodeEntities } from '../../../text/html-entities.js';
import { INVISIBLE_CHARACTERS, LINE_BREAK, WIDE_SPACES } from '../../../text/invisible.js';
import { stripHtml } from './html-markup.js';

/**
 * Makes text safe to write into a user's document: plain prose with no link, URL, image, HTML or
 * Markdown left in it, whoever wrote it (a model that may have been talked into exfiltrating data, or a
 * mail). Link texts survive (`[the agenda](https://…)` → `the agenda`); addresses and images do not.
 *
 * Three stages: a structural pass that understands Markdown and HTML (repeated until nothing changes,
 * so nesting cannot smuggle one construct through another); a safety net that works token by token and
 * guarantees the result whatever the input: no `http` (nor `hxxp`, nor any `scheme://`), no `www.`,
 * no `](`, no `data:`, no `<` that could open a tag; and, between the two runs of the net, a repair of
 * the sentences a removed link leaves behind ("at the portal or ." → "at the portal.", "Click here"
 * without its link → gone). Removals first leave a hole marker, so the repair knows where a link was
 * and touches only the words that served it.
 */

/** C0/C1 controls (but \t \n \r), then what a reader cannot see (soft hyphen, zero-width, bidi controls, …). */
const INVISIBLE = new RegExp(`[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F${INVISIBLE_CHARACTERS}]`, 'g');
/** Unicode "tags" and variation-selector supplements: used to hide text from people ("ASCII smuggling"). */
// eslint-disable-next-line no-misleading-character-class -- the range is removed, never matched as text
const SMUGGLING = /[\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]/gu;
const SPACES = new RegExp(`[\\t${WIDE_SPACES}]`, 'g');

/** Where a link or image was removed (a private-use character, removed from the input first). */
const HOLE = '\uE000';
const HOLES = /\uE000/g;

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

/** Link texts that mean nothing without their link ("[here](…)", "<a …>Click here</a>"): dropped with it. */
const GENERIC_LINK_TEXT =
  /^\s*(?:(?:please\s+)?(?:click|tap|press)(?:\s+(?:here|this|this\s+link|the\s+link|the\s+button))?|here|this|link|this\s+link|the\s+link|(?:read|learn|see|find\s+out)\s+more|more|view(?:\s+(?:online|in\s+(?:your\s+)?browser))?|open|details)\s*[.:!]?\s*$/i;
const HTML_ANCHOR = /<a\b[^<>]{0,2000}>([^<>]{0,100})<\/a\s*>/gi;

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

/**
 * An e-mail address inside a token: a character of its local part, an at sign (a full-width or small one
 * too), and a domain with a dot before a letter. `@name` alone and `10@5.00` are not addresses.
 */
const EMAIL_ADDRESS = /[\p{L}\p{N}._%+'-][@\uFE6B\uFF20][\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}/u;

export interface PlainTextOptions {
  /**
   * Also remove e-mail addresses, the way links are removed (with the words that only led to them:
   * "Reply to ada@example.com by Friday" → "Reply by Friday"). For list items, where an address only
   * tells the reader where to send something.
   */
  dropAddresses?: boolean;
}

export function plainText(input: string, options: PlainTextOptions = {}): string {
  const dropAddresses = options.dropAddresses === true;
  let text = decodeEntities(input);
  text = normaliseCharacters(text);
  for (let pass = 0; pass < 5; pass += 1) {
    const next = structuralPass(text);
    if (next === text) break;
    text = next;
  }
  text = safetyNet(text, HOLE, dropAddresses);
  text = text.split('\n').map((line) => (line.includes(HOLE) ? repairAroundHoles(line) : line)).join('\n');
  // Tidying may join characters ("www ." → "www."), so the net runs again after it, deleting only; and a
  // deletion of the net may leave punctuation to tidy ("Pay (.) ." → "Pay ."), so both repeat until
  // nothing changes. The net always runs last. Lines that only held punctuation go inside the loop: their
  // going can bring brackets together ("( \n , \n )").
  for (let pass = 0; pass < 5; pass += 1) {
    const next = safetyNet(collapseWhitespace(tidyPunctuation(text)), '', dropAddresses);
    if (next === text) break;
    text = next;
  }
  return collapseWhitespace(text);
}

/** Removes what a reader cannot see but a model reads: controls, zero-width, bidi and tag characters. */
export function withoutInvisible(text: string): string {
  return text.replace(INVISIBLE, '').replace(SMUGGLING, '');
}

/** One line of plain text: paragraph and line breaks become spaces. */
export function singleLine(input: string, options: PlainTextOptions = {}): string {
  return plainText(input, options).replace(/\s+/g, ' ').trim();
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

function normaliseCharacters(text: string): string {
  return text.replace(LINE_BREAK, '\n').replace(SPACES, ' ').replace(INVISIBLE, '').replace(SMUGGLING, '').replace(HOLES, '');
}

function linkText(_link: string, label: string): string {
  return GENERIC_LINK_TEXT.test(label) ? HOLE : label;
}

/**
 * Each bracket pattern may look up to 500 characters ahead from every `[`: a pattern whose closing
 * sequence (`](`, `][`, `]:`) occurs nowhere is skipped, so a text of brackets costs one scan, not
 * hundreds (100,000 `[` took 4 s before).
 */
function replaceWhere(text: string, needle: string, pattern: RegExp, replacement: string | ((...args: string[]) => string)): string {
  if (!text.includes(needle)) return text;
  return typeof replacement === 'string' ? text.replace(pattern, replacement) : text.replace(pattern, replacement);
}

function structuralPass(text: string): string {
  let out = stripHtml(text.replace(HTML_ANCHOR, (anchor: string, label: string) => (GENERIC_LINK_TEXT.test(label) ? HOLE : anchor)));
  out = replaceWhere(out, '![', MD_IMAGE, HOLE);
  out = replaceWhere(out, '](', MD_LINK, linkText);
  out = replaceWhere(out, '][', MD_REFERENCE_LINK, linkText);
  out = replaceWhere(out, ']:', MD_LINK_DEFINITION, '');
  return out
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
function safetyNet(text: string, hole: string, dropAddresses: boolean): string {
  return text
    .replace(INVISIBLE, '')
    .replace(/<+/g, (run: string, at: number, all: string) => (/[a-z/!?]/i.test(all.charAt(at + run.length)) ? '' : run))
    .replace(/\]\(/g, '] (')
    .replace(/\S+/g, (token) => {
      if ((!PROTOCOL_NAME.test(token) && LINKISH.some((pattern) => pattern.test(token))) || (dropAddresses && EMAIL_ADDRESS.test(token))) {
        // The brackets and the sentence's punctuation around the address stay for the repair to judge.
        const lead = hole === '' ? '' : (/^[(["'“‘«]+/.exec(token)?.[0] ?? '');
        const trail = /[)\]"'”’»,;:.!?]*$/.exec(token.slice(lead.length))?.[0] ?? '';
        return `${lead}${hole}${hole === '' ? (/[.!?]+$/.exec(trail)?.[0] ?? '') : trail}`;
      }
      return token.replace(/data:/gi, (match) => `${match.slice(0, 4)} –`);
    });
}

/** Words that only lead to a link: they go with it ("visit", "click", "at", "here:"). */
const LEADS_TO_LINK =
  /(?:\b(?:(?:please\s+)?(?:click|tap|press|follow|visit|open|see|check(?:\s+out)?|go\s+to|head\s+(?:over\s+)?to|view|download)(?:\s+(?:on|it|this|here))?|here|there|below|above|at|on|via|through|from|to|under|by|with|for|the|this\s+link|the\s+link)\s*:?|:)\s*\uE000/gi;
/** Holes listed together ("A, B or C") are one hole. */
const HOLE_RUN = /\uE000(?:[\s,;/|&+]*(?:\b(?:or|and)\b)?[\s,;/|&+]*\uE000)+/gi;
const CONNECTOR_BEFORE_HOLE = /(?:\s*[,;]\s*|(?<=^|[\s([{]))(?:or|and)\s+\uE000|\s*[,;]\s*\uE000/gi;
const HOLE_IN_BRACKETS = /[([{]\s*\uE000\s*[)\]}]/g;
/**
 * A hole opening a sentence takes the connector after it along ("… or the portal" → "the portal"), also
 * one that ends the line ("and\n at <link> and" left a line of its own saying "And").
 */
const HOLE_THEN_CONNECTOR = /(^\s*|[.!?•:]\s*)\uE000\s*(?:(?:,|;)\s*|(?:or|and)(?:\s+|$))/gi;
/** A call to action that lost its link, at a sentence's end ("Click here.", "• Click)"). */
const DANGLING_CALL =
  /(?:\s*\b(?:or|and|at|on|via|to|from|by|with|for|the|then|just|simply)\b)*\s*\b(?:please\s+)?(?:click|tap|press)(?:\s+(?:here|below|above|on\s+(?:it|this|the\s+(?:link|button))|the\s+(?:link|button)(?:\s+(?:below|above))?))?(?=\s*(?:[.,;:!?)\]]|$))/gi;

/**
 * Mends one line whose links were replaced by holes: the words that only served the link go, lists
 * of links shrink to nothing, then the holes themselves. Only ever deletes.
 */
function repairAroundHoles(line: string): string {
  let text = line;
  const capital = /^[\s•·*+\-–—(["'“‘«]*(?:\p{Lu}|\uE000)/u.test(line);
  for (let pass = 0; pass < 6; pass += 1) {
    const next = withoutStrayBrackets(
      text
        .replace(HOLE_IN_BRACKETS, HOLE)
        .replace(HOLE_RUN, HOLE)
        .replace(LEADS_TO_LINK, HOLE)
        .replace(CONNECTOR_BEFORE_HOLE, ` ${HOLE}`)
        .replace(HOLE_THEN_CONNECTOR, `$1${HOLE}`),
    );
    if (next === text) break;
    text = next;
  }
  const opensWithHole = /^\s*\uE000/.test(text);
  // A sentence that opened with a link now opens with the word after it, as a sentence should.
  text = text
    .replace(/([.!?]\s+)\uE000+\s*(\p{Ll})/gu, (_, end: string, letter: string) => `${end}${letter.toUpperCase()}`)
    .replace(/\s*\uE000+\s*/g, ' ');
  for (let pass = 0; pass < 4; pass += 1) {
    const next = text
      .replace(DANGLING_CALL, '')
      // Brackets a removed link emptied go here, not only in the tidying, so the connectors on either side
      // meet while the repair still runs ("and ( ) see <link> and" → "and"); a word that only led into
      // them goes with them ("via ( click ) . <link>" left "via.").
      .replace(/(?:\b(?:or|and|at|via|to|by)\s*)?(?:\(\s*\)|\[\s*\])/gi, '')
      .replace(/\b(or|and)(?:\s+\1\b)+/gi, '$1')
      .replace(/\s*[,;:]+\s*(?=[.!?)\]]|$)/g, '')
      .replace(/(^\s*|[.!?]\s+|•\s*)[,;:.!?]+\s*/g, '$1');
    if (next === text) break;
    text = next;
  }
  // A line that opened with a link and kept nothing but connecting words ("<link> . or") said only the link.
  if (opensWithHole && /^[\s•·*+\-–—,;:.!?]*(?:\b(?:or|and)\b[\s,;:.!?]*)+$/i.test(text)) return '';
  // A sentence that lost its opening words still starts with a capital.
  return capital ? text.replace(/^([\s•·*+\-–—]*)(\p{Ll})/u, (_, lead: string, letter: string) => lead + letter.toUpperCase()) : text;
}

/** Drops a bracket a hole left without its partner ("Reply (or visit H by Friday."). */
function withoutStrayBrackets(line: string): string {
  const open: number[] = [];
  const stray = new Set<number>();
  for (let index = 0; index < line.length; index += 1) {
    if (line[index] === '(') open.push(index);
    else if (line[index] === ')' && open.pop() === undefined) stray.add(index);
  }
  for (const index of open) stray.add(index);
  const nearHole = (index: number): boolean => {
    const before = line.slice(0, index).trimEnd();
    const after = line.slice(index + 1).trimStart();
    return before.endsWith(HOLE) || after.startsWith(HOLE);
  };
  let kept = '';
  for (let index = 0; index < line.length; index += 1) if (!(stray.has(index) && nearHole(index))) kept += line[index];
  return kept;
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
