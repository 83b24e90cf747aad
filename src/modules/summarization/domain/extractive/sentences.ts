/**
 * Splits prose into sentences, English, Polish and German, without breaking after the abbreviations
 * that usually sit mid-sentence ("e.g.", "Dr.", "np.", "godz.", "z.B.", "Nr.") or after an initial
 * ("J. Smith"). Japanese ends sentences with 。！？ and puts no space after them.
 */

/** Abbreviations after which a sentence practically never ends (lowercase, without the final dot). */
const ABBREVIATIONS = new Set(
  `mr mrs ms dr prof st jr sr vs e.g i.e cf approx dept est fig no nos vol ca
   jan feb mar apr jun jul aug sep sept oct nov dec mon tue tues wed thu thur thurs fri sat sun
   np m.in tzn tj ok godz ul al pl os nr tel tow ds wg ww zob pkt str rys tab min maks mgr inż dyr
   kier hab doc płk gen ks św pn wt śr czw pt sob ndz sty lut kwi maj cze lip sie wrz paź lis gru
   tys mln mld proc jw wyd red oprac przyp
   z.b u.a d.h bzw ca evtl ggf inkl zzgl usw vgl nr hr fr str tel abs gem jh mio mrd`
    .split(/\s+/)
    .filter(Boolean),
);

/** Sentence-final punctuation, closing quotes or brackets, space, then something that can start one. */
const BOUNDARY = /([.!?…]{1,5})["'”’»)\]]{0,3}\s+(?=["'“„«([]?[\p{Lu}\p{N}])/gu;

export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(BOUNDARY)) {
    const end = match.index + match[0].length;
    if (match[1] === '.' && endsWithAbbreviation(text.slice(start, match.index))) continue;
    if (match[1] === '.' && isGermanOrdinalDate(text.slice(start, match.index), text.slice(end, end + 12))) continue;
    pushSentence(sentences, text.slice(start, end));
    start = end;
  }
  pushSentence(sentences, text.slice(start));
  return sentences.flatMap((sentence) => sentence.split(/(?<=[。！？])/u)).map((sentence) => sentence.trim()).filter(Boolean);
}

/** "am 6. Oktober": a German ordinal day before its month, not the end of a sentence. */
function isGermanOrdinalDate(before: string, after: string): boolean {
  return /(?:^|\s)\d{1,2}$/.test(before) && /^(?:Januar|Jänner|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember)\b/u.test(after);
}

function endsWithAbbreviation(before: string): boolean {
  const word = /([\p{L}.]+)$/u.exec(before.slice(-40))?.[1];
  if (!word) return false;
  if (/^\p{Lu}$/u.test(word)) return true; // an initial: "J. Smith"
  const lower = word.toLowerCase();
  return ABBREVIATIONS.has(lower) || /^(?:\p{L}\.)+\p{L}$/u.test(word);
}

function pushSentence(into: string[], raw: string): void {
  const sentence = raw.replace(/\s+/g, ' ').trim();
  if (sentence !== '') into.push(sentence);
}
