import { unicodeWords } from '../../../../text/unicode-words.js';
/**
 * The facts a summary must keep, as patterns over one sentence or line, in English, Polish, German and
 * Japanese: amounts, dates, times, reference numbers, places, decisions and changes.
 */

export interface Facts {
  money: boolean;
  date: boolean;
  time: boolean;
  reference: boolean;
  percent: boolean;
  duration: boolean;
  place: boolean;
  decision: boolean;
  change: boolean;
}

const CURRENCY = String.raw`(?:[$€£¥₹]|\b(?:USD|EUR|GBP|PLN|CHF|JPY|CZK|SEK|NOK|DKK)\b)`;
const AMOUNT = String.raw`\d(?:[\d\s.,'’]*\d)?`;
export const MONEY = unicodeWords(new RegExp(
  String.raw`${CURRENCY}\s?-?${AMOUNT}|${AMOUNT}\s?(?:[$€£¥]|zł\b|zl\b|PLN\b|EUR\b|USD\b|GBP\b|CHF\b|JPY\b|円|Euro\b|euro\b|dollars?\b|złotych\b)`,
  'u',
));

const MONTHS_EN = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const MONTHS_PL =
  'stycz(?:eń|nia)|lut(?:y|ego)|mar(?:zec|ca)|kwie(?:cień|tnia)|maj(?:a)?|czerw(?:iec|ca)|lip(?:iec|ca)|sierp(?:ień|nia)|wrze(?:sień|śnia)|październik(?:a)?|listopad(?:a)?|grud(?:zień|nia)';
const MONTHS_ROMANCE = 'janvier|février|mars|avril|juin|juillet|août|septembre|octobre|novembre|décembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre';
const MONTHS_DE = 'januar|jänner|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember';
const WEEKDAYS =
  'mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:rs(?:day)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?|today|tomorrow|tonight|next week|poniedział(?:ek|ku)|wtor(?:ek|ku)|środ[aęy]|czwart(?:ek|ku)|piąt(?:ek|ku)|sobot[aęy]|niedziel[aęi]|dzisiaj|dziś|jutr[ao]|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|heute|übermorgen';
export const DATE = unicodeWords(new RegExp(
  [
    String.raw`\b\d{4}-\d{2}-\d{2}\b`,
    String.raw`\b\d{1,2}[./]\d{1,2}[./]\d{2,4}\b`,
    String.raw`\b\d{1,2}\.\s?(?:${MONTHS_DE})\b`,
    String.raw`\b\d{1,2}(?:st|nd|rd|th|er)?\s+(?:de\s+)?(?:${MONTHS_EN}|${MONTHS_PL}|${MONTHS_DE}|${MONTHS_ROMANCE})\b`,
    String.raw`\b(?:${MONTHS_EN}|${MONTHS_DE})\.?\s+\d{1,2}(?:st|nd|rd|th)?\b`,
    String.raw`\b(?:${WEEKDAYS})\b`,
    String.raw`\d{1,2}月\d{1,2}日|\d{4}年|明日|本日|今日`,
  ].join('|'),
  'iu',
));
export const TIME = unicodeWords(/\b\d{1,2}[:.]\d{2}\s?(?:am|pm|uhr|h)?(?!\d|[./]\d)|\b\d{1,2}\s?(?:am|pm|uhr)\b|\bgodz(?:\.|ina|inie)?\s?\d{1,2}|\bo\s\d{1,2}(?:[:.]\d{2})?\b|\bnoon\b|\bmidnight\b|\d{1,2}時/iu);
/** "INV-2024-0193", "FV/2024/06/117", "#112-4471", "LH 1349", "No. 58812", a PNR after its label. */
export const REFERENCE =
  unicodeWords(/\b(?=[\p{L}\d/-]*\d)(?=[\p{L}\d/-]*\p{L})[\p{Lu}\d][\p{L}\d]*(?:[-/][\p{L}\d]+)+\b|\b[\p{Lu}]{1,4}\d{2,}[\p{L}\d]*\b|\b\d+[\p{Lu}]{2,}[\p{L}\d]*\b|#\s?\d{2,}|\b(?:no\.?|nr\.?|number|numer|nummer|ref\.?|reference|referenz)\s?:?\s?[\p{L}\d][\p{L}\d/-]{2,}|\b[\p{Lu}]{2,3}\s\d{2,5}\b|\b[A-Z0-9]{6}\b(?=.{0,3}$)|\b\d{5,}\b|(?:ending(?: in)?|[•*·x]{2,})\s?\d{4}\b/u);
export const PERCENT = unicodeWords(/\d\s?%/u);
/** "30 minutes", "3 weeks", "2 godziny", "20 Minuten", "3日間". */
export const DURATION = unicodeWords(
  /\b\d+(?:[.,]\d+)?\s?(?:min(?:ute)?s?|hours?|hrs?|h|days?|weeks?|months?|years?|km|kg|minut\p{L}*|godzin\p{L}*|dni|dzień|tygodni\p{L}*|miesi\p{L}*|minuten|stunden?|tage?n?|wochen?|monate?n?|分|時間|日間|週間)\b/iu,
);
/** A place named in a field, or after "in/at/w/im" with a capital: "in Room 4", "w sali Wisła", "im Raum 3.12". */
export const PLACE =
  unicodeWords(/^(?:where|location|venue|place|address|gdzie|miejsce|adres|wo|ort|adresse|場所)\s*:|\b(?:room|sala|sali|salę|raum|office|biuro|biurze|büro|gate|terminal|platform|peron|gleis|hall|floor|piętro|etage|stock)\b\s?[\p{Lu}\d]|\b(?:in|at|w|we|im|am|auf|na)\s+(?:the\s+)?\p{Lu}\p{L}+|会議室|本社|支社|駅|空港|ホテル|場所は/u);
export const DECISION =
  unicodeWords(/\b(?:decided|agreed|approved|signed off|confirmed|we will|we'll|going forward|from now on|postanowili(?:śmy)?|zdecydowali(?:śmy)?|ustalili(?:śmy)?|zatwierdz\p{L}*|zaakceptowa\p{L}*|beschlossen|entschieden|vereinbart|genehmigt|freigegeben|決定)\b/iu);
export const CHANGE =
  unicodeWords(/\b(?:moved|rescheduled|postponed|brought forward|changed?|new (?:time|date|price|fee|address|room)|instead of|cancell?ed|increase[sd]?|decrease[sd]?|rais(?:e|es|ed|ing)|from\s.{1,20}\sto\s|up from|down from|przeniesion\p{L}*|przesunięt\p{L}*|zmian\p{L}*|odwołan\p{L}*|wzrośnie|wzrasta|podwyżk\p{L}*|obniżk\p{L}*|zamiast|verschoben|abgesagt|geändert|änderung|erhöh\p{L}*|steigt|statt|neuer termin|変更|中止)/iu);

export function factsOf(text: string): Facts {
  return {
    money: MONEY.test(text),
    date: DATE.test(text),
    time: TIME.test(text),
    reference: REFERENCE.test(text),
    percent: PERCENT.test(text),
    duration: DURATION.test(text),
    place: PLACE.test(text),
    decision: DECISION.test(text),
    change: CHANGE.test(text),
  };
}

/** How much a sentence says, by its facts: amounts and dates weigh most. */
export function factWeight(facts: Facts): number {
  return (
    (facts.money ? 1.2 : 0) +
    (facts.date ? 0.9 : 0) +
    (facts.time ? 0.6 : 0) +
    (facts.reference ? 0.6 : 0) +
    (facts.percent ? 0.5 : 0) +
    (facts.duration ? 0.4 : 0) +
    (facts.place ? 0.35 : 0) +
    (facts.decision ? 0.8 : 0) +
    (facts.change ? 0.6 : 0)
  );
}

export function hasHardFact(facts: Facts): boolean {
  return facts.money || facts.date || facts.time || facts.reference || facts.percent || facts.duration;
}
