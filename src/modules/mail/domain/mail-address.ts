import { oneLineText } from './mail-text.js';

export interface MailAddress {
  /** Lowercased. */
  address: string;
  /** '' when the mail gives none. */
  name: string;
}

/** The basic shape of an address: no spaces, one @, a dot in the domain. */
const ADDRESS = /^[^\s@<>"(),;:[\]]+@[^\s@<>"(),;:[\]]+\.[^\s@<>"(),;:[\]]+$/;

export function isPlausibleAddress(candidate: string): boolean {
  return ADDRESS.test(candidate);
}

/** Mail systems compare addresses trimmed and lowercased; so does the allow-list. */
export function normaliseAddress(raw: string): string {
  return raw.trim().toLowerCase();
}

function cleanName(raw: string, address: string): string {
  return safeDisplayName(oneLineText(raw).replace(/[*_]+/g, ' ').replace(/^["'\s]+|["'\s]+$/g, ''), address);
}

/** At signs, the full-width and small ones too: a name holding one shows an address of its own. */
const AT_SIGN = /[@\uFE6B\uFF20]/u;
/** Angle brackets and their look-alikes: `Name <addr>` written inside the name. */
const ANGLE_BRACKET = /[<>\u2039\u203A\u2329\u232A\u27E8\u27E9\u3008\u3009\uFE64\uFE65\uFF1C\uFF1E]/u;
/** A header name with its colon (a full-width one too): `From: ceo@…` written inside the name. */
const HEADER_NAME = /(?:^|[^\p{L}\p{N}-])(?:from|to|cc|bcc|reply-to|sender|subject)\s*[:\uFE13\uFE55\uFF1A]/iu;

/**
 * The display name of a sender as it may be shown beside the address: one clean line (bidi and
 * zero-width characters removed), or '' when there is nothing worth showing: none, the address itself,
 * or a name that poses as header text, one that holds an e-mail address (an at sign), a header name
 * (`From:`, `To:`, `Reply-To:`, `Sender:` …) or angle brackets. Such a name is dropped whole, never
 * repaired: the sender is then shown by its address alone.
 */
export function safeDisplayName(raw: string, address: string): string {
  const name = oneLineText(raw).trim();
  if (name === '' || name.toLowerCase() === address.toLowerCase()) return '';
  return AT_SIGN.test(name) || ANGLE_BRACKET.test(name) || HEADER_NAME.test(name) ? '' : name;
}

/**
 * Reads an address as people and mail clients write it in a quoted header line:
 * `Name <addr>`, `"Name" <addr>`, `Name [mailto:addr]`, `<addr>` or a bare `addr`.
 */
export function parseAddressText(raw: string): MailAddress | null {
  // Only the start of a line matters; a bound keeps the patterns linear on hostile input.
  const value = raw.trim().slice(0, 500);
  const patterns = [
    /^(.*?)\[mailto:([^\]\s]+)\]/i,
    /^(.*?)<\s*(?:mailto:)?([^<>\s]+@[^<>\s]+?)\s*>/i,
    /^(.*?)\(?\b([^\s<>"'(),;:[\]]+@[^\s<>"'(),;:[\]]+\.[a-z0-9-]+)\b\)?/i,
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(value);
    if (!match) continue;
    const address = normaliseAddress(match[2] ?? '').replace(/\.+$/, '');
    if (!isPlausibleAddress(address)) continue;
    return { address, name: cleanName(match[1] ?? '', address) };
  }
  return null;
}

/** The part after the last @, lowercased; '' when there is none. */
export function domainOf(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 0 ? '' : normaliseAddress(address.slice(at + 1));
}

/** IDNA as the runtime has it (node:url's domainToASCII and domainToUnicode); the domain stays pure. */
export interface Idna {
  toAscii(domain: string): string;
  toUnicode(domain: string): string;
}

/** How an address is shown where the owner decides about it (the "Allow … and process" action). */
export interface AddressDisplay {
  /** The address in ASCII: the address itself when it is plain ASCII. */
  ascii: string;
  /** Whether the address has characters outside ASCII (homoglyphs, invisible ones, other scripts). */
  lookalike: boolean;
  /** The plain ASCII address it resembles, when it resembles one; null otherwise. */
  looksLike: string | null;
}

const NON_ASCII = /[^\u0020-\u007E]/u;

/**
 * The address as shown when it has characters outside ASCII: each non-ASCII domain label in punycode
 * (`ex\u0430mple.com`, a Cyrillic a → `xn--exmple-4nf.com`), and in the local part, which has no such
 * form, each such character marked by its code point (`[U+0430]da`). A label IDNA would map rather than
 * encode (full-width letters, a zero-width space: `example.com` again) is marked the same way, so the
 * ASCII form never looks like an address it is not.
 */
export function addressDisplay(address: string, idna: Idna): AddressDisplay {
  if (!NON_ASCII.test(address)) return { ascii: address, lookalike: false, looksLike: null };
  const at = address.lastIndexOf('@');
  const local = at < 0 ? address : address.slice(0, at);
  const domain = at < 0 ? '' : address.slice(at + 1);
  const asciiDomain = domain.split('.').map((label) => asciiLabel(label, idna)).join('.');
  const ascii = at < 0 ? marked(local) : `${marked(local)}@${asciiDomain}`;
  const skeleton = skeletonOf(address);
  return { ascii, lookalike: true, looksLike: skeleton !== address && !NON_ASCII.test(skeleton) && isPlausibleAddress(skeleton) ? skeleton : null };
}

function asciiLabel(label: string, idna: Idna): string {
  if (!NON_ASCII.test(label)) return label;
  let encoded = '';
  try {
    encoded = idna.toAscii(label);
  } catch {
    encoded = '';
  }
  // Encoded as itself, one label, and read back to the same characters: punycode shows it truly.
  const faithful = encoded.startsWith('xn--') && !encoded.includes('.') && idna.toUnicode(encoded) === label.normalize('NFC');
  return faithful ? encoded : marked(label);
}

/** Every character outside printable ASCII as `[U+XXXX]`. */
function marked(text: string): string {
  return Array.from(text, (char) => (NON_ASCII.test(char) ? `[U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}]` : char)).join('');
}

/**
 * Letters of other scripts that look like Latin ones in lowercase (the address is lowercased): enough
 * for the usual homoglyph domains, not Unicode's whole confusables table.
 */
const CONFUSABLE: Record<string, string> = {
  // Cyrillic
  '\u0430': 'a', '\u044C': 'b', '\u0441': 'c', '\u0501': 'd', '\u0435': 'e', '\u04BB': 'h', '\u0456': 'i',
  '\u0458': 'j', '\u043A': 'k', '\u04CF': 'l', '\u043E': 'o', '\u0440': 'p', '\u051B': 'q', '\u0455': 's',
  '\u0443': 'y', '\u04AF': 'y', '\u0445': 'x', '\u051D': 'w',
  // Greek
  '\u03B1': 'a', '\u03F2': 'c', '\u03B5': 'e', '\u03B9': 'i', '\u03F3': 'j', '\u03BA': 'k', '\u03BD': 'v',
  '\u03BF': 'o', '\u03C1': 'p', '\u03C4': 't', '\u03C5': 'u', '\u03C7': 'x', '\u03B3': 'y',
  // Armenian
  '\u0570': 'h', '\u0578': 'n', '\u0585': 'o', '\u0566': 'q', '\u057D': 'u', '\u0581': 'g',
  // Latin letters that pass for others
  '\u0131': 'i', '\u0237': 'j', '\u0251': 'a', '\u0261': 'g', '\u0269': 'i', '\u026A': 'i', '\u028B': 'u',
};

/** What the address looks like: compatibility forms folded, marks and format characters gone, homoglyphs replaced. */
function skeletonOf(address: string): string {
  return Array.from(address.normalize('NFKD').replace(/[\p{M}\p{Cf}]/gu, ''), (char) => CONFUSABLE[char] ?? char)
    .join('')
    .toLowerCase();
}
