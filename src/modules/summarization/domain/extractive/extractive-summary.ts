import type { MailKind } from '../../../../shared/mail-kind.js';
import { singleLine, truncateAtWord } from '../plain-text.js';
import { SUMMARY_LIMITS, type Summary } from '../summary.js';
import { factWeight, hasHardFact } from './facts.js';
import { isFactual, shapeOf } from './kind-shapes.js';
import { digestLog } from './log-digest.js';
import { FLUFF, IMPERATIVE_START, NOT_A_REQUEST, REQUEST } from './mail-cues.js';
import { steeringBonus, steeringFrom, type Steering } from './steering.js';
import { termsOf, unitsOf, type Unit } from './units.js';

export interface MailText {
  /** The subject, `Fwd:` / `Re:` chains removed. */
  subject: string;
  /** The cleaned text: no quoted history, signature or footer. */
  text: string;
  kind?: MailKind;
  /** The original sender, `Name <address>`: a receipt's or an invoice's vendor. */
  from?: string;
  /** The document's description: what it names ranks first. */
  instructions?: string;
  /** Who forwarded the mail and their note above it: what the note names ranks a little higher. */
  forwardedBy?: { note: string } | null;
}

const MAX_SUMMARY_UNITS = 6;
const SUMMARY_SOFT_CHARS = 700;
const MAX_KEY_POINTS = 8;
const MAX_ACTION_ITEMS = 5;
const SHORT_MAIL_UNITS = 6;
const NO_TEXT = 'The mail has no text.';
const REPLY_PREFIX = /^\s*(?:(?:re|fw|fwd|aw|wg|odp|pd|tr|sv|vs|rv)\s*(?:\[\d+\])?\s*:\s*)+/i;

/**
 * A deterministic extractive summary in the mail's own words (so in its own language). Each kind leads
 * with its own facts (a receipt's total, an invitation's time and place, a booking's reference…), then
 * the most informative sentences: those central to the mail, carrying amounts, dates, references,
 * places or decisions, and those the document's description asks for. Requests to the reader become
 * action items; nothing appears twice.
 */
export function summariseExtractively(mail: MailText): Summary {
  const subject = singleLine(mail.subject.replace(REPLY_PREFIX, ''));
  const kind = mail.kind ?? 'message';
  const log = digestLog(mail.text);
  const units = unitsOf(log ? log.prose : mail.text).filter((unit) => !FLUFF.test(unit.text));
  const steering = steeringFrom(mail.instructions ?? '', mail.forwardedBy?.note ?? '');
  const requests = new Set(units.filter((unit) => isRequest(unit, kind)));
  score(units, termsOf(subject), steering, requests);

  // The heading already says the subject: an item that only repeats it (or part of it) is dropped.
  const sameAsSubject = (unit: Unit): boolean => {
    const text = normalised(unit.text);
    return text === normalised(subject) || (text.length >= 10 && normalised(subject).includes(text));
  };
  const scored = units.filter((unit) => unit.shape !== 'greeting' && unit.score > 0);
  // A mail of nothing but short unpunctuated lines ("lunch at 1 tomorrow") is all content.
  const content = scored.length > 0 ? scored : units.filter((unit) => unit.shape === 'heading').map((unit) => ({ ...unit, score: 1 }));
  const greeting = units.find((unit) => unit.shape === 'greeting');

  const chosen = chooseSummary(content, kind, requests);
  let actions = content.filter((unit) => requests.has(unit) && !chosen.includes(unit) && !sameAsSubject(unit)).slice(0, MAX_ACTION_ITEMS);
  if (chosen.length === 0 && actions.length > 0) {
    // A mail that only asks something: the ask is what it says.
    chosen.push(...actions.slice(0, 2));
    actions = actions.slice(2);
  }
  // "Hello Mikel" and one line: the whole mail is the summary.
  if (greeting && content.length <= 1) chosen.unshift(greeting);

  const taken = new Set([...chosen, ...actions]);
  const best = Math.max(0, ...content.map((unit) => unit.score));
  const keyUnits = topBy(
    content.filter(
      (unit) =>
        !taken.has(unit) &&
        !requests.has(unit) &&
        !sameAsSubject(unit) &&
        // A short mail has nothing to spare: all it says is kept.
        (content.length <= SHORT_MAIL_UNITS || isFactual(unit) || unit.shape === 'item' || unit.shape === 'field' || unit.score >= best * 0.4),
    ),
    (unit) => unit.score + (isFactual(unit) ? 1 : 0),
    MAX_KEY_POINTS,
  );

  let summary = joinUnits(inOrder(chosen));
  if (shapeOf(kind).namesSender) summary = withSender(summary, mail.from ?? '');
  if (log) summary = [summary, log.summary].filter(Boolean).join(' ');
  const keyPoints = inOrder(keyUnits).map((unit) => unit.text);
  return {
    title: truncateAtWord(subject || singleLine(chosen[0]?.text ?? ''), SUMMARY_LIMITS.titleChars),
    summary: truncateAtWord(summary || subject || NO_TEXT, SUMMARY_LIMITS.summaryChars),
    keyPoints: distinctFrom(summary, keyPoints).slice(0, SUMMARY_LIMITS.items).map(item),
    actionItems: distinctFrom(summary, inOrder(actions).map((unit) => unit.text)).slice(0, SUMMARY_LIMITS.items).map(item),
  };
}

/** The kind's leads first, then the strongest other sentences, within a few sentences. */
function chooseSummary(content: readonly Unit[], kind: MailKind, requests: ReadonlySet<Unit>): Unit[] {
  const shape = shapeOf(kind);
  const chosen: Unit[] = [];
  let chars = 0;
  const take = (unit: Unit): void => {
    chosen.push(unit);
    chars += unit.text.length;
  };
  for (const lead of shape.leads) {
    for (const alternative of typeof lead === 'function' ? [lead] : lead) {
      const found = topBy(content.filter((unit) => !chosen.includes(unit) && alternative(unit)), (unit) => unit.score, 1)[0];
      if (found === undefined) continue;
      if (chosen.length < MAX_SUMMARY_UNITS - 1) take(found);
      break;
    }
  }
  const leads = chosen.length;
  const extra = leads >= 2 ? Math.min(shape.extra, 1) : shape.extra;
  const rest = content.filter((unit) => !chosen.includes(unit) && !requests.has(unit) && unit.shape !== 'heading');
  const best = Math.max(0, ...rest.map((unit) => unit.score));
  for (const unit of topBy(rest, (candidate) => candidate.score, extra)) {
    if (chosen.length >= MAX_SUMMARY_UNITS || chars >= SUMMARY_SOFT_CHARS) break;
    // After the leads, only a sentence that says something more.
    if (leads > 0 && !(hasHardFact(unit.facts) || unit.facts.decision || unit.facts.change)) continue;
    if (chosen.length > 0 && unit.score < best * 0.35) continue;
    take(unit);
  }
  return chosen;
}

function isRequest(unit: Unit, kind: MailKind): boolean {
  if (unit.shape === 'greeting' || unit.shape === 'heading' || NOT_A_REQUEST.test(unit.text)) return false;
  if (kind === 'newsletter' || kind === 'bounce') return false;
  if (kind === 'receipt' || kind === 'booking') return REQUEST.test(unit.text) && (unit.facts.date || unit.facts.time);
  const asks = /\?$/.test(unit.text) && /\b(?:you|we|czy|können|könnten|kannst|hast du|haben sie)\b/iu.test(unit.text);
  return REQUEST.test(unit.text) || IMPERATIVE_START.test(unit.text) || asks;
}

function score(units: Unit[], subjectTerms: readonly string[], steering: Steering, requests: ReadonlySet<Unit>): void {
  const frequency = new Map<string, number>();
  for (const unit of units) for (const term of new Set(unit.terms)) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  for (const term of subjectTerms) frequency.set(term, (frequency.get(term) ?? 0) + 2);
  const top = Math.max(1, ...frequency.values());
  const subject = new Set(subjectTerms);

  units.forEach((unit, index) => {
    if (unit.shape === 'heading' && !hasHardFact(unit.facts)) return;
    const centrality = unit.terms.length === 0 ? 0 : unit.terms.reduce((sum, term) => sum + (frequency.get(term) ?? 0) / top, 0) / Math.sqrt(unit.terms.length);
    const overlap = new Set(unit.terms.filter((term) => subject.has(term))).size;
    let value = 0.2 + centrality + 0.15 * Math.min(overlap, 3) + factWeight(unit.facts);
    value += (index === 0 ? 0.3 : 0) + (unit.firstInParagraph ? 0.1 : 0);
    value += steeringBonus(unit, steering, requests.has(unit));
    if (unit.wordCount < 3 && !hasHardFact(unit.facts)) value *= 0.4;
    else if (unit.wordCount > 45) value *= 0.75;
    unit.score = value;
  });
}

/** Sentences as one paragraph; a `label: value` line ends with a full stop like a sentence. */
function joinUnits(units: readonly Unit[]): string {
  return units
    .map((unit) => (/[.!?…。！？]["'”’)]*$/u.test(unit.text) ? unit.text : `${unit.text}${/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]$/u.test(unit.text) ? '。' : '.'}`))
    .reduce((text, next) => (text === '' ? next : /[。！？]$/u.test(text) ? `${text}${next}` : `${text} ${next}`), '');
}

/** The vendor of a receipt or an invoice is its sender: named first unless the text already does. */
function withSender(summary: string, from: string): string {
  const name = /^\s*"?([^"<]+?)"?\s*</.exec(from)?.[1]?.trim() ?? '';
  if (name === '' || summary === '' || summary.toLowerCase().includes(name.toLowerCase())) return summary;
  return `${name} — ${summary}`;
}

/** Items that are not already said by the summary paragraph, nor twice. */
function distinctFrom(summary: string, items: readonly string[]): string[] {
  const said = normalised(summary);
  const seen = new Set<string>();
  return items.filter((text) => {
    const key = normalised(text);
    if (key === '' || said.includes(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function normalised(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

function topBy(units: readonly Unit[], rank: (unit: Unit) => number, n: number): Unit[] {
  return [...units]
    .filter((unit) => rank(unit) > 0)
    .sort((a, b) => rank(b) - rank(a) || a.order - b.order)
    .slice(0, n);
}

function inOrder(units: readonly Unit[]): Unit[] {
  return [...units].sort((a, b) => a.order - b.order);
}

function item(text: string): string {
  return truncateAtWord(text, SUMMARY_LIMITS.itemChars);
}
