import type { MailKind } from '../../../../text/mail-kind.js';
import { singleLine, truncateAtWord } from '../plain-text.js';
import { SUMMARY_LIMITS, type Summary } from '../summary.js';
import { isPointer } from './boilerplate.js';
import { hasHardFact } from './facts.js';
import { isFactual, shapeOf } from './kind-shapes.js';
import { mailUnits, type AttachmentText, type MailUnits } from './mail-sections.js';
import { inOrder, score, topBy } from './ranking.js';
import { isRequest, isSecurityAdvice, isSecurityNotice } from './requests.js';
import { steeringFrom } from './steering.js';
import { trackerFields } from './tracker-fields.js';
import { isKeySection, termsOf, type Unit } from './units.js';
import { distinctFrom, fromAttachment, item, joinUnits, repeatsSubject, withSender } from './wording.js';

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
  /** The attachments' text (a PDF invoice): summarised with the body, after it, each named where it is quoted. */
  attachments?: readonly AttachmentText[];
}

const MAX_SUMMARY_UNITS = 6;
const SUMMARY_SOFT_CHARS = 700;
const MAX_KEY_POINTS = 8;
const MAX_ACTION_ITEMS = 5;
/** First lines of a report's key sections (impact, root cause, follow-ups) that lead the summary. */
const MAX_SECTION_LEADS = 3;
const SHORT_MAIL_UNITS = 6;
/** Key points that become the summary when nothing else would: a mail of short lines ("ok"). */
const ITEMS_AS_SUMMARY = 2;
const NO_TEXT = 'The mail has no text.';
const REPLY_PREFIX = /^\s*(?:(?:re|fw|fwd|aw|wg|odp|pd|tr|sv|vs|rv)\s*(?:\[\d+\])?\s*:\s*)+/i;

/**
 * A deterministic extractive summary in the mail's own words (so in its own language). Each kind leads
 * with its own facts (a receipt's total, an invitation's time and place, a booking's reference…), then
 * the most informative sentences: those central to the mail, carrying amounts, dates, references,
 * places or decisions, and those the document's description asks for. A price table gives its total
 * first and its largest items as key points; a tracker notification what changed and who must act.
 * Requests to the reader become action items; greetings, sign-offs and courtesy lines never appear;
 * nothing appears twice.
 */
export function summariseExtractively(mail: MailText): Summary {
  const subject = singleLine(mail.subject.replace(REPLY_PREFIX, ''));
  const kind = mail.kind ?? 'message';
  const read = mailUnits(mail.text, mail.attachments);
  const tracker = trackerFields(read.units);
  const units = tracker ? read.units.filter((unit) => !tracker.dropped.has(unit)) : read.units;
  const steering = steeringFrom(mail.instructions ?? '', mail.forwardedBy?.note ?? '');
  // In a security notice, what to do if it was not the reader is asked of them, however it is worded.
  const security = isSecurityNotice(subject, units);
  const requests = new Set(units.filter((unit) => !read.items.has(unit) && (isRequest(unit, kind) || (security && isSecurityAdvice(unit)))));
  score(units, termsOf(subject), steering, requests);

  // The heading already says the subject: an item that only repeats it is dropped.
  const sameAsSubject = repeatsSubject(subject);
  const scored = units.filter((unit) => unit.shape !== 'greeting' && unit.score > 0);
  // A mail of nothing but short unpunctuated lines ("lunch at 1 tomorrow") is all content.
  const headings = units.filter((unit) => unit.shape === 'heading');
  if (scored.length === 0) for (const unit of headings) unit.score = 1;
  const content = scored.length > 0 ? scored : headings;
  const greeting = units.find((unit) => unit.shape === 'greeting');

  // A table's total, then what a tracker says changed and who must act: they open the summary.
  const pinned = [...content.filter((unit) => read.totals.has(unit)), ...(tracker?.leads ?? []).filter((unit) => content.includes(unit))];
  // A table's lines other than its total never make the paragraph: its total speaks for them.
  // Nor does a line that only repeats the subject ("Invoice 2291" atop the attached invoice).
  const candidates = content.filter((unit) => !read.items.has(unit) && !(read.tableRest.has(unit) && read.totals.size > 0) && !sameAsSubject(unit));
  // The first line under a report's key headings ("IMPACT", "Root cause:") says what the report is about.
  const sectionLeads = candidates.filter((unit) => unit.firstInSection && isKeySection(unit.section) && !requests.has(unit));
  const chosen = chooseSummary(candidates, kind, requests, pinned, sectionLeads);
  let actions = candidates.filter((unit) => requests.has(unit) && !chosen.includes(unit)).slice(0, MAX_ACTION_ITEMS);
  if (chosen.length === 0 && actions.length > 0) {
    // A mail that only asks something: the ask is what it says.
    chosen.push(...actions.slice(0, 2));
    actions = actions.slice(2);
  }
  // A greeting never leads: it is the summary only of a mail that says nothing else ("Hello Mikel").
  if (greeting && content.length === 0) chosen.push(greeting);

  const taken = new Set([...chosen, ...actions]);
  let keyUnits = chooseKeyPoints(content, (unit) => !taken.has(unit) && !requests.has(unit) && !sameAsSubject(unit), read.items);
  if (chosen.length === 0 && read.logs.length === 0 && keyUnits.length > 0) {
    // Nothing for the paragraph, yet something to say: the summary is built from it, never "no text".
    const lead = topBy(keyUnits, (unit) => unit.score, ITEMS_AS_SUMMARY);
    chosen.push(...lead);
    keyUnits = keyUnits.filter((unit) => !lead.includes(unit));
  }

  let summary = joinUnits(summaryOrder(chosen, pinned, read), read.attachmentOf);
  if (shapeOf(kind).namesSender) summary = withSender(summary, mail.from ?? '');
  const logs = read.logs.map((log) => (log.attachment === null ? log.summary : `${fromAttachment(log.attachment)} ${log.summary}`));
  summary = [summary, ...logs].filter(Boolean).join(' ');
  const keyPoints = inOrder(keyUnits).map((unit) => unit.text);
  return {
    title: truncateAtWord(subject || singleLine(chosen[0]?.text ?? ''), SUMMARY_LIMITS.titleChars),
    summary: truncateAtWord(summary || subject || NO_TEXT, SUMMARY_LIMITS.summaryChars),
    keyPoints: distinctFrom(summary, keyPoints).slice(0, SUMMARY_LIMITS.items).map(item),
    actionItems: distinctFrom(summary, inOrder(actions).map((unit) => unit.text)).slice(0, SUMMARY_LIMITS.items).map(item),
  };
}

/**
 * Pinned units (a table's total, a tracker's changed fields) first, then the kind's leads they do not
 * already state, then the first line under each of a report's key headings, then the strongest other
 * sentences, within a few sentences.
 */
function chooseSummary(content: readonly Unit[], kind: MailKind, requests: ReadonlySet<Unit>, pinned: readonly Unit[], sectionLeads: readonly Unit[]): Unit[] {
  const shape = shapeOf(kind);
  const chosen: Unit[] = [];
  let chars = 0;
  const take = (unit: Unit): void => {
    chosen.push(unit);
    chars += unit.text.length;
  };
  for (const unit of pinned) if (chosen.length < MAX_SUMMARY_UNITS - 1) take(unit);
  for (const lead of shape.leads) {
    const alternatives = typeof lead === 'function' ? [lead] : lead;
    // A table's total pinned first already states a receipt's or an invoice's total.
    if (pinned.some((unit) => alternatives.some((alternative) => alternative(unit)))) continue;
    for (const alternative of alternatives) {
      const found = topBy(content.filter((unit) => !chosen.includes(unit) && alternative(unit)), (unit) => unit.score, 1)[0];
      if (found === undefined) continue;
      if (chosen.length < MAX_SUMMARY_UNITS - 1) take(found);
      break;
    }
  }
  for (const unit of sectionLeads.slice(0, MAX_SECTION_LEADS)) if (!chosen.includes(unit) && chosen.length < MAX_SUMMARY_UNITS - 1) take(unit);
  const leads = chosen.length;
  const base = leads >= 2 ? Math.min(shape.extra, 1) : shape.extra;
  // A pinned total takes the place of one of a message's free sentences.
  const extra = base > 1 ? Math.max(1, base - pinned.length) : base;
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

/**
 * A table's largest items, then the strongest facts and sentences not said elsewhere. A pointer
 * ("Please find our quotation below.") is never one.
 */
function chooseKeyPoints(content: readonly Unit[], free: (unit: Unit) => boolean, tableItems: ReadonlySet<Unit>): Unit[] {
  const best = Math.max(0, ...content.map((unit) => unit.score));
  const items = content.filter((unit) => tableItems.has(unit));
  const others = content.filter(
    (unit) =>
      free(unit) &&
      !tableItems.has(unit) &&
      !isPointer(unit.text) &&
      // A short mail has nothing to spare: all it says is kept.
      (content.length <= SHORT_MAIL_UNITS || isFactual(unit) || unit.shape === 'item' || unit.shape === 'field' || unit.score >= best * 0.4),
  );
  return [...items, ...topBy(others, (unit) => unit.score + (isFactual(unit) ? 1 : 0), MAX_KEY_POINTS - items.length)];
}

/** The body's sentences before an attachment's; within each, the pinned ones first, then reading order. */
function summaryOrder(chosen: readonly Unit[], pinned: readonly Unit[], read: MailUnits): Unit[] {
  const part = (unit: Unit): number => read.partOf.get(unit) ?? 0;
  const rank = (unit: Unit): number => (pinned.includes(unit) ? pinned.indexOf(unit) : pinned.length);
  return [...chosen].sort((a, b) => part(a) - part(b) || rank(a) - rank(b) || a.order - b.order);
}
