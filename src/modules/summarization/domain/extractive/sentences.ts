/**
 * Splits prose into sentences, English, Polish, German, French and Spanish, without breaking after the
 * abbreviations that usually sit mid-sentence ("e.g.", "ref.", "Dr.", "np.", "godz.", "z.B.", "z. B.",
 * "Nr."), after an initial ("J. Smith"), or after a German ordinal ("am 3. März", "im 3. OG").
 * Japanese ends sentences with 。！？ and puts no space after them.
 */

/** Abbreviations after which a sentence practically never ends (lowercase, without the final dot). */
const ABBREVIATIONS = new Set(
  `mr mrs ms dr prof st jr sr vs e.g i.e cf approx dept est fig no nos vol ca ref refs tel ext incl excl
   jan feb mar apr jun jul aug sep sept oct nov dec mon tue tues wed thu thur thurs fri sat sun
   np m.in tzn tj ok godz ul al pl os nr tel tow ds wg ww zob pkt str rys tab min maks mgr inż dyr
   kier hab doc płk gen ks św pn wt śr czw pt sob ndz sty lut kwi maj cze lip sie wrz paź lis gru
   tys mln mld proc jw wyd red oprac przyp pok im
   z.b u.a d.h bzw ca evtl ggf inkl zzgl usw vgl nr hr hrn fr str tel abs gem jh mio mrd mwst ust abt geb sog tägl
   okt dez mrz jän
   mme mlle env tél p.ex sra srta dña aprox pág núm tfno`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * The ones a writer never ends a sentence with, so a line ending in one goes on on the next line. "ok",
 * "no", "min" or a month are left out: "That is ok." ends a sentence as often as not.
 */
const NEVER_FINAL = new Set(
  `mr mrs ms dr prof st e.g i.e cf approx ref tel incl np m.in tzn tj godz ul nr pok z.b u.a d.h bzw ca evtl ggf
   inkl zzgl vgl hr hrn mme env p.ex sra aprox`
    .split(/\s+/)
    .filter(Boolean),
);

/** Sentence-final punctuation, closing quotes or brackets, space, then something that can start one. */
const BOUNDARY = /([.!?…]{1,5})["'”’»)\]]{0,3}\s+(?=["'“„«([]?[\p{Lu}\p{N}])/gu;

/**
 * Words that follow a German ordinal ("3." = "third"): months (written out or abbreviated), floors
 * ("3. OG", "2. Stock") and the few nouns counted this way in mail ("2. Mahnung", "1. Quartal").
 */
const AFTER_ORDINAL =
  /^(?:Januar|Jänner|Jän|Jan|Februar|Feb|März|Mär|Mrz|April|Apr|Mai|Juni|Jun|Juli|Jul|August|Aug|September|Sept?|Oktober|Okt|November|Nov|Dezember|Dez|OG|EG|UG|DG|Obergeschoss|Untergeschoss|Dachgeschoss|Stock|Stockwerk|Etage|Quartal|Halbjahr|Mahnung|Klasse|Kalenderwoche|KW|Jahrhundert|Lehrjahr|Semester)(?![\p{L}])/u;

export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(BOUNDARY)) {
    const end = match.index + match[0].length;
    if (match[1] === '.' && !endsSentenceAt(text.slice(start, match.index), text.slice(end, end + 16))) continue;
    pushSentence(sentences, text.slice(start, end));
    start = end;
  }
  pushSentence(sentences, text.slice(start));
  return sentences.flatMap((sentence) => sentence.split(/(?<=[。！？])/u)).map((sentence) => sentence.trim()).filter(Boolean);
}

/**
 * Whether a line ends a sentence: it ends with sentence punctuation, and a final dot is not that of an
 * abbreviation that never ends one ("… bringen Sie z.B." goes on on the next line).
 */
export function endsSentence(line: string): boolean {
  const text = line.trimEnd();
  if (!/[.!?…。！？:;)]["'”’»)]*$/u.test(text)) return false;
  const word = /(?:^|[^\p{L}.])([\p{L}.]+)\.$/u.exec(text.slice(-40))?.[1];
  return word === undefined || !NEVER_FINAL.has(word.toLowerCase());
}

/** Whether a single dot (between `before` and the text `after` it) ends a sentence. */
function endsSentenceAt(before: string, after: string): boolean {
  return !endsWithAbbreviation(before, after) && !isGermanOrdinal(before, after);
}

/** "am 6. Oktober", "im 3. OG", "die 2. Mahnung": a German ordinal, not the end of a sentence. */
function isGermanOrdinal(before: string, after: string): boolean {
  return /(?:^|\s)\d{1,2}$/.test(before) && AFTER_ORDINAL.test(after);
}

function endsWithAbbreviation(before: string, after: string): boolean {
  const word = /([\p{L}.]+)$/u.exec(before.slice(-40))?.[1];
  if (!word) return false;
  if (/^\p{Lu}$/u.test(word)) return true; // an initial: "J. Smith"
  // The first half of a spaced abbreviation: "z. B.", "d. h.", "u. a.", "p. ex.".
  if (/^\p{Ll}$/u.test(word) && /^\p{L}{1,2}\./u.test(after)) return true;
  const lower = word.toLowerCase();
  return ABBREVIATIONS.has(lower) || /^(?:\p{L}\.)+\p{L}$/u.test(word);
}

function pushSentence(into: string[], raw: string): void {
  const sentence = raw.replace(/\s+/g, ' ').trim();
  if (sentence !== '') into.push(sentence);
}
