/**
 * HTML character references: numeric ones in full, named ones for the characters mail actually uses
 * (punctuation, spaces, Latin-1 and the Polish letters). Unknown names stay as written.
 */
const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00A0', ensp: '\u2002', emsp: '\u2003', thinsp: '\u2009',
  zwnj: '\u200C', zwj: '\u200D', shy: '\u00AD', lrm: '\u200E', rlm: '\u200F',
  copy: '©', reg: '®', trade: '™', hellip: '…', mdash: '—', ndash: '–', minus: '−', lsquo: '‘', rsquo: '’', sbquo: '‚',
  ldquo: '“', rdquo: '”', bdquo: '„', laquo: '«', raquo: '»', lsaquo: '‹', rsaquo: '›', bull: '•', middot: '·',
  dagger: '†', Dagger: '‡', permil: '‰', prime: '′', euro: '€', pound: '£', yen: '¥', cent: '¢', curren: '¤',
  sect: '§', para: '¶', deg: '°', plusmn: '±', times: '×', divide: '÷', micro: 'µ', frac12: '½', frac14: '¼',
  frac34: '¾', sup1: '¹', sup2: '²', sup3: '³', ordf: 'ª', ordm: 'º', iexcl: '¡', iquest: '¿', brvbar: '¦',
  uml: '¨', macr: '¯', acute: '´', cedil: '¸', not: '¬', larr: '←', rarr: '→', uarr: '↑', darr: '↓', harr: '↔',
  check: '✓', star: '☆', hearts: '♥', szlig: 'ß', ETH: 'Ð', eth: 'ð', THORN: 'Þ', thorn: 'þ', AElig: 'Æ', aelig: 'æ',
  Oslash: 'Ø', oslash: 'ø', Aring: 'Å', aring: 'å', Ccedil: 'Ç', ccedil: 'ç', Ntilde: 'Ñ', ntilde: 'ñ', OElig: 'Œ',
  oelig: 'œ', Scaron: 'Š', scaron: 'š', Yuml: 'Ÿ', yuml: 'ÿ', fnof: 'ƒ', circ: 'ˆ', tilde: '˜',
  // Polish (HTML5 names)
  Aogon: 'Ą', aogon: 'ą', Cacute: 'Ć', cacute: 'ć', Eogon: 'Ę', eogon: 'ę', Lstrok: 'Ł', lstrok: 'ł',
  Nacute: 'Ń', nacute: 'ń', Sacute: 'Ś', sacute: 'ś', Zacute: 'Ź', zacute: 'ź', Zdot: 'Ż', zdot: 'ż',
  Zcaron: 'Ž', zcaron: 'ž', Ccaron: 'Č', ccaron: 'č', Ecaron: 'Ě', ecaron: 'ě', Rcaron: 'Ř', rcaron: 'ř',
};

const ACCENTED: Record<string, string> = { acute: '\u0301', grave: '\u0300', circ: '\u0302', uml: '\u0308', tilde: '\u0303' };
const ACCENTED_BASES = /^([AEIOUYaeiouyNn])(acute|grave|circ|uml|tilde)$/;

/** Browsers read &#128;–&#159; as windows-1252, and old Outlook HTML relies on it for quotes and dashes. */
const WINDOWS_1252 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';
/** Without the semicolon only these are recognised, as in browsers' legacy handling. */
const LEGACY = new Set(['amp', 'lt', 'gt', 'quot', 'nbsp', 'copy', 'reg']);

function fromCodePoint(code: number): string {
  if (code >= 0x80 && code <= 0x9f) return WINDOWS_1252[code - 0x80] ?? '\uFFFD';
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\uFFFD';
  return String.fromCodePoint(code);
}

function named(name: string): string | undefined {
  const known = NAMED[name];
  if (known !== undefined) return known;
  const accented = ACCENTED_BASES.exec(name);
  return accented ? `${accented[1]}${ACCENTED[accented[2] ?? ''] ?? ''}`.normalize('NFC') : undefined;
}

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(?:#(\d{1,8})|#[xX]([0-9a-fA-F]{1,7})|([a-zA-Z][a-zA-Z0-9]{1,31}))(;?)/g, (whole, dec?: string, hex?: string, name?: string, semi?: string) => {
    if (dec !== undefined) return fromCodePoint(Number.parseInt(dec, 10));
    if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16));
    if (name === undefined || (semi === '' && !LEGACY.has(name))) return whole;
    return named(name) ?? whole;
  });
}
