import { singleLine, truncateAtWord } from '../plain-text.js';
import { SUMMARY_LIMITS, type Summary } from '../summary.js';
import { cleanMail } from './mail-cleanup.js';
import { ACTION_CUE, FLUFF, INJECTION_CUE, LIST_ITEM } from './mail-cues.js';
import { splitSentences } from './sentences.js';
import { STOP_WORDS } from './stop-words.js';

export interface MailText {
  subject: string;
  text: string;
}

/** One sentence or list item of the mail, in reading order. */
interface Unit {
  text: string;
  order: number;
  firstInParagraph: boolean;
  listItem: boolean;
  /** Topic words: lowercased, stop words out, crudely stemmed (EN and PL inflect at the end). */
  terms: string[];
  wordCount: number;
  score: number;
}

const SUMMARY_SENTENCES = 3;
const MAX_KEY_POINTS = 5;
const MAX_ACTION_ITEMS = 5;
const NO_TEXT = 'The mail has no text.';
const INJECTION_NOTE = 'The mail contains text addressed to an AI assistant; it was not followed.';
const REPLY_PREFIX = /^\s*(?:(?:re|fw|fwd|aw|wg|odp|pd|tr|sv|vs)\s*(?:\[\d+\])?\s*:\s*)+/i;

/**
 * A deterministic extractive summary: the mail's most representative sentences (word frequency, with
 * the subject's words counting extra, a bonus for opening sentences, short and very long ones
 * penalised), list items and further strong sentences as key points, and the sentences that ask
 * for something or name a deadline as action items. Text addressed to an AI model is left out.
 */
export function summariseExtractively(mail: MailText): Summary {
  const subject = singleLine(mail.subject.replace(REPLY_PREFIX, ''));
  const paragraphs = cleanMail(mail.text);
  const withoutHeadings = unitsOf(paragraphs, false);
  // A mail of nothing but short unpunctuated lines ("lunch at 1 tomorrow") is all content.
  const all = withoutHeadings.length > 0 ? withoutHeadings : unitsOf(paragraphs, true);
  const units = all.filter((unit) => !INJECTION_CUE.test(unit.text));
  scoreUnits(units, termsOf(subject));

  const prose = units.filter((unit) => !unit.listItem);
  const pool = prose.length > 0 ? prose : units;
  const ranked = topBy(pool, (unit) => unit.score, SUMMARY_SENTENCES);
  const summaryUnits = inOrder(ranked.length > 0 ? ranked : pool.slice(0, SUMMARY_SENTENCES));
  const actionUnits = inOrder(
    units.filter((unit) => ACTION_CUE.test(unit.text) && !FLUFF.test(unit.text)).slice(0, MAX_ACTION_ITEMS),
  );
  const taken = new Set([...summaryUnits, ...actionUnits]);
  const best = Math.max(0, ...units.map((unit) => unit.score));
  const keyUnits = inOrder(
    topBy(
      units.filter((unit) => !taken.has(unit) && (unit.listItem || unit.score >= best * 0.3) && !FLUFF.test(unit.text)),
      // The writer's own list is the best key-point material there is.
      (unit) => (unit.listItem ? best + unit.score : unit.score),
      MAX_KEY_POINTS,
    ),
  );
  const keyPoints = keyUnits.map((unit) => item(unit.text));
  const addressedToAi = units.length < all.length || paragraphs.some((lines) => lines.some((line) => INJECTION_CUE.test(line)));
  if (addressedToAi) keyPoints.push(INJECTION_NOTE);

  const summary = summaryUnits.map((unit) => unit.text).join(' ') || subject || NO_TEXT;
  return {
    title: truncateAtWord(subject || (summaryUnits[0]?.text ?? ''), SUMMARY_LIMITS.titleChars),
    summary: truncateAtWord(summary, SUMMARY_LIMITS.summaryChars),
    keyPoints,
    actionItems: actionUnits.map((unit) => item(unit.text)),
  };
}

function unitsOf(paragraphs: readonly string[][], keepHeadings: boolean): Unit[] {
  const units: Unit[] = [];
  const add = (raw: string, listItem: boolean, firstInParagraph: boolean): void => {
    const text = raw.replace(/^\p{Ll}/u, (letter) => letter.toUpperCase());
    const words = text.match(/\p{L}[\p{L}\p{N}'’-]*/gu) ?? [];
    units.push({ text, order: units.length, firstInParagraph, listItem, terms: termsOf(text), wordCount: words.length, score: 0 });
  };
  for (const paragraph of paragraphs) {
    if (!keepHeadings && isHeading(paragraph)) continue;
    let prose: string[] = [];
    let first = true;
    const flushProse = (): void => {
      for (const sentence of splitSentences(prose.join(' '))) {
        if (!isLeadIn(sentence)) add(sentence, false, first);
        first = false;
      }
      prose = [];
    };
    for (const line of paragraph) {
      if (!LIST_ITEM.test(line)) {
        prose.push(line);
        continue;
      }
      flushProse();
      const text = line.replace(LIST_ITEM, '').trim();
      if (text !== '') add(text, true, first);
      first = false;
    }
    flushProse();
  }
  return units;
}

/** A short one-line paragraph without final punctuation: a newsletter's section title, not a sentence. */
function isHeading(paragraph: readonly string[]): boolean {
  const [line] = paragraph;
  if (paragraph.length !== 1 || line === undefined || LIST_ITEM.test(line)) return false;
  return !/[.!?…]["'”’)]*$/u.test(line) && line.split(/\s+/).length <= 8 && !ACTION_CUE.test(line);
}

/** "Agenda:", "Highlights this week:": introduces a list and says nothing itself. */
function isLeadIn(sentence: string): boolean {
  return sentence.endsWith(':') && sentence.split(/\s+/).length <= 8;
}

function termsOf(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}[\p{L}\p{N}'’-]*/gu) ?? [])
    .filter((word) => word.length >= 3 && !STOP_WORDS.has(word))
    .map((word) => (word.length > 6 ? word.slice(0, 6) : word));
}

function scoreUnits(units: Unit[], subjectTerms: readonly string[]): void {
  const frequency = new Map<string, number>();
  const count = (term: string, weight: number): void => {
    frequency.set(term, (frequency.get(term) ?? 0) + weight);
  };
  for (const unit of units) for (const term of unit.terms) count(term, 1);
  for (const term of subjectTerms) count(term, 2);
  const top = Math.max(1, ...frequency.values());
  const subject = new Set(subjectTerms);

  units.forEach((unit, index) => {
    if (unit.terms.length === 0) return;
    const weight = unit.terms.reduce((sum, term) => sum + (frequency.get(term) ?? 0) / top, 0);
    const overlap = new Set(unit.terms.filter((term) => subject.has(term))).size;
    let score = (weight / Math.sqrt(unit.terms.length)) * (1 + 0.2 * Math.min(overlap, 3));
    score *= 1 + (index === 0 ? 0.4 : 0) + (unit.firstInParagraph ? 0.15 : 0) + 0.2 * (1 - index / units.length);
    if (unit.wordCount < 4) score *= 0.3;
    else if (unit.wordCount < 7) score *= 0.7;
    else if (unit.wordCount > 45) score *= 0.6;
    if (FLUFF.test(unit.text)) score *= 0.25;
    if (ACTION_CUE.test(unit.text)) score *= 1.2;
    unit.score = score;
  });
}

function topBy(units: readonly Unit[], rank: (unit: Unit) => number, n: number): Unit[] {
  return [...units]
    .filter((unit) => rank(unit) > 0)
    .sort((a, b) => rank(b) - rank(a) || a.order - b.order)
    .slice(0, n);
}

function inOrder(units: Unit[]): Unit[] {
  return [...units].sort((a, b) => a.order - b.order);
}

function item(text: string): string {
  return truncateAtWord(text, SUMMARY_LIMITS.itemChars);
}
