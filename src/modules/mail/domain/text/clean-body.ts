import { CALL_TO_ACTION } from '../../../../text/boilerplate.js';
import { CLOSING, SIGNED_NAME } from '../../../../text/sign-offs.js';
import {
  FORWARD_MARKER,
  GREETING,
  HEADER_LINE,
  MOBILE_SIGNATURE,
  ORIGINAL_MESSAGE_MARKER,
  RULE_LINE,
  SIGNATURE_SEPARATOR,
  THANKS_CLOSING,
} from './body-cues.js';
import {
  CALENDAR_BOILERPLATE,
  FOOTER_START,
  FURNITURE,
  isFormFieldLine,
  isLetterheadLine,
  isNavigationLine,
  isPostalAddressLine,
  MEDIA_PLACEHOLDER,
  PAGE_NUMBER,
} from './boilerplate-cues.js';
import { withoutDisclaimers } from './disclaimers.js';
import { attributionLines, hasWords, headOf, linesOf, nextTextIndex, nextTextLine, startsHeaderBlock, withoutLinks } from './line-kinds.js';
import { collapseMachineOutput } from './machine-output.js';

export interface CleanBody {
  /** The message's own words: paragraphs separated by one blank line, lines kept. */
  text: string;
  /** Older mail (quoted lines, an attribution, an Outlook header block) was found and removed. */
  hadQuotedHistory: boolean;
}

/**
 * One message's own words, without what a reader skips: quoted history, signatures, legal
 * disclaimers, newsletter furniture, calendar boilerplate, links, and the bulk of pasted logs.
 *
 * Quoted history uses our own line rules rather than `email-reply-parser`: measured, that library runs
 * whole-text multi-line regexes that grow quadratically (a 160 KB hostile body took 1 s, ×10 per ×4 in
 * size) and it needs Node 22; the same header shapes (its EN/DE/FR/ES/PL/IT/PT/NL attributions and
 * "Original Message" markers) are covered here line by line, plus Outlook's header blocks in five
 * languages, which it recognises only from the first "From:" line.
 */
export function cleanBody(text: string): CleanBody {
  const lines = collapseMachineOutput(linesOf(text));
  const own = ownLines(lines);
  const paragraphs = withoutTrailingImprint(withoutDisclaimers(paragraphsOf(own.kept)));
  // A greeting goes only when something else is left: a mail that says only "Hello Mikel" says that.
  const kept = paragraphs.length > 0 ? paragraphs : paragraphsOf(own.greetings);
  return { text: kept.map((paragraph) => paragraph.join('\n')).join('\n\n'), hadQuotedHistory: own.hadQuotedHistory };
}

/**
 * The sender's block at the very end, with no closing above it: a company imprint or an organisation's
 * name and postal address ("Oak Park Public Library / 834 Lake St, Oak Park, IL 60301"), or a row of
 * navigation links. Dropped only when short and address- or link-like, and never the mail's only text.
 */
function withoutTrailingImprint(paragraphs: string[][]): string[][] {
  const kept = [...paragraphs];
  while (kept.length > 1) {
    const last = kept[kept.length - 1] ?? [];
    const blockLike = last.length <= 4 && last.every((line) => line.length <= 160 && isSignatureLine(line, line.length));
    if (!blockLike || !last.some((line) => isPostalAddressLine(line) || isNavigationLine(line))) break;
    kept.pop();
  }
  return kept;
}

/** Lines kept after a closing or a `-- ` separator are the signature's, up to this many. */
const CLOSING_SIGNATURE_LINES = 8;
const SEPARATOR_SIGNATURE_LINES = 15;

interface OwnLines {
  /** Kept lines; '' marks a paragraph break. */
  kept: string[];
  greetings: string[];
  hadQuotedHistory: boolean;
}

function ownLines(lines: readonly string[]): OwnLines {
  const kept: string[] = [];
  const greetings: string[] = [];
  let hadQuotedHistory = false;
  let ownChars = 0;
  /** Index in `lines` of the last line pushed to `kept`, to take back the first half of a wrapped attribution. */
  let lastKeptLine = -1;
  let mode: 'text' | 'headers' | 'signature' = 'text';
  let signatureBudget = 0;
  let footerAt = -1;

  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    const head = headOf(line);
    if (mode === 'headers') {
      if (line === '' || HEADER_LINE.test(head) || /^[<"]?[^\s@<>]+@[^\s@<>]+>?$/.test(head)) continue;
      mode = 'text';
    }
    if (FORWARD_MARKER.test(head)) {
      // A forwarded message the forward parser left in: its headers go, its body is content.
      mode = 'headers';
      kept.push('');
      continue;
    }
    const ruleBeforeHeaders = RULE_LINE.test(head) && startsHeaderBlock(lines, nextTextIndex(lines, i));
    if (ORIGINAL_MESSAGE_MARKER.test(head) || startsHeaderBlock(lines, i) || ruleBeforeHeaders) {
      if (ownChars > 0) {
        hadQuotedHistory = true;
        break; // older mail, already answered: everything below
      }
      mode = 'headers'; // nothing of its own above: the block is what was sent, keep its body
      continue;
    }
    if (line.startsWith('>') || line.startsWith('|>')) {
      hadQuotedHistory = true;
      continue;
    }
    const attribution = attributionLines(line, lines[i - 1] ?? '');
    if (attribution > 0) {
      hadQuotedHistory = true;
      if (attribution === 2 && lastKeptLine === i - 1) {
        ownChars -= kept.pop()?.length ?? 0;
        if (ownChars === 0) greetings.length = 0;
      }
      // Bottom-posted or inline answers follow quoted lines; otherwise the rest is the quoted mail.
      if (nextTextLine(lines, i).startsWith('>')) continue;
      if (ownChars > 0) break;
      mode = 'headers';
      continue;
    }
    if (mode === 'signature') {
      if (line === '') continue;
      if (signatureBudget > 0 && isSignatureLine(head, line.length)) {
        signatureBudget -= 1;
        continue;
      }
      mode = 'text';
    }
    if (ownChars > 0 && (SIGNATURE_SEPARATOR.test(head) || isClosing(head, line.length) || isThanksSignOff(lines, i))) {
      mode = 'signature';
      signatureBudget = SIGNATURE_SEPARATOR.test(head) ? SEPARATOR_SIGNATURE_LINES : CLOSING_SIGNATURE_LINES;
      continue;
    }
    if (isFurniture(head, lines, i)) {
      if (footerAt < 0 && FOOTER_START.test(head)) footerAt = kept.length;
      continue;
    }
    const plain = withoutLinks(line);
    if (!hasWords(plain) || RULE_LINE.test(head) || isLinkLabel(line, plain) || CALL_TO_ACTION.test(headOf(plain))) {
      kept.push(''); // blank, a rule, or nothing but a link or a button: a paragraph break
      continue;
    }
    if (ownChars === 0 && plain.length <= 70 && GREETING.test(plain)) {
      greetings.push(plain);
      continue;
    }
    kept.push(plain);
    lastKeptLine = i;
    ownChars += plain.length;
  }
  if (footerAt >= 0) kept.length = footerCut(kept, footerAt, ownChars);
  return { kept, greetings, hadQuotedHistory };
}

/**
 * Name, title, company, phone, address: short lines, not sentences. A sentence (several lowercase
 * words, closing punctuation) or a "P.S." is the writer again.
 */
function isSignatureLine(head: string, length: number): boolean {
  if (length > 100 || /^p\.?\s?s\.?(?:\s|:|$)/i.test(head)) return false;
  const lowercaseWords = head.split(' ').filter((word) => /^\p{Ll}{3,}[,;]?$/u.test(word)).length;
  return !(lowercaseWords >= 4 && /[.!?:]$/.test(head));
}

/** "Best regards," on its own, or "Regards, Jane" / "Mit freundlichen Grüßen Anna Müller" with the name on its line. */
function isClosing(head: string, length: number): boolean {
  if (length <= 40 && CLOSING.test(head)) return true;
  if (length > 80) return false;
  // Every place the closing could end. Without a comma the closing must be more than one word: "Best
  // Western Hotel" is a name, "Kind regards Ana" a sign-off.
  for (const split of head.matchAll(/\s*[,–—-]\s*|\s+/g)) {
    const closing = head.slice(0, split.index);
    if (closing === '' || !(/[,–—-]/.test(split[0]) || closing.includes(' '))) continue;
    if (CLOSING.test(closing) && SIGNED_NAME.test(head.slice(split.index + split[0].length))) return true;
  }
  return false;
}

/** Lines after a thanks and a name that can still be a signature: a title, a company, an address. */
const THANKS_SIGNATURE_LINES = 4;

/**
 * "Thanks for the great collaboration!" then the writer's name, then at most a short signature before
 * the end or the quoted history: the thanks closes the mail like "Best regards," would.
 */
function isThanksSignOff(lines: readonly string[], index: number): boolean {
  const head = headOf(lines[index] ?? '');
  if (head.length > 100 || !THANKS_CLOSING.test(head)) return false;
  const nameAt = nextTextIndex(lines, index);
  if (nameAt < 0 || !SIGNED_NAME.test(headOf(lines[nameAt] ?? ''))) return false;
  let rest = 0;
  for (let i = nameAt + 1; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    if (line === '') continue;
    if (line.startsWith('>') || attributionLines(line, lines[i - 1] ?? '') > 0 || ORIGINAL_MESSAGE_MARKER.test(headOf(line)) || startsHeaderBlock(lines, i)) break;
    rest += 1;
    if (rest > THANKS_SIGNATURE_LINES || !isSignatureLine(headOf(line), line.length)) return false;
  }
  return true;
}

const ANSWER_BUTTON = /^(?:yes|no|maybe|more options|ja|nein|vielleicht|oui|non|peut-être|sí|quizás|tak|nie|może)$/i;

function isFurniture(head: string, lines: readonly string[], i: number): boolean {
  if (MOBILE_SIGNATURE.test(head) || MEDIA_PLACEHOLDER.test(head) || FURNITURE.test(head) || CALENDAR_BOILERPLATE.test(head)) return true;
  // A document's letterhead, page numbers and the fields of its form to sign ("Bon pour accord (date et signature) :").
  if (isLetterheadLine(head) || isFormFieldLine(head) || PAGE_NUMBER.test(head)) return true;
  // Google Calendar's "Yes / No / Maybe / More options" on lines of their own: only as a run of three.
  if (!ANSWER_BUTTON.test(head)) return false;
  let run = 1;
  for (let j = i - 1; j >= 0 && j >= i - 4 && ANSWER_BUTTON.test(headOf(lines[j] ?? '')); j -= 1) run += 1;
  for (let j = i + 1; j < lines.length && j <= i + 4 && ANSWER_BUTTON.test(headOf(lines[j] ?? '')); j += 1) run += 1;
  return run >= 3;
}

/** "Track your order:" whose URL was the point: nothing left to read. */
function isLinkLabel(line: string, plain: string): boolean {
  return plain !== line && plain.length <= 40 && /[:：]$/.test(plain);
}

/**
 * Where a newsletter's footer starts: at the paragraph holding the first footer line (its postal
 * address and legal lines go with it), when that is in the second half of the mail's text.
 */
function footerCut(kept: readonly string[], footerAt: number, ownChars: number): number {
  let before = 0;
  for (let i = 0; i < footerAt; i += 1) before += kept[i]?.length ?? 0;
  if (before < ownChars / 2) return kept.length;
  let start = footerAt;
  // Back over the footer's own lines: its paragraph, and the sender's postal address above it.
  for (;;) {
    while (start > 0 && kept[start - 1] !== '') start -= 1;
    let previous = start - 1;
    while (previous > 0 && kept[previous] === '') previous -= 1;
    if (previous < 0 || !isPostalAddressLine(kept[previous] ?? '') || (kept[previous - 1] ?? '') !== '') break;
    start = previous;
  }
  let paragraphStart = 0;
  for (let i = 0; i < start; i += 1) paragraphStart += kept[i]?.length ?? 0;
  return paragraphStart >= ownChars / 2 ? start : footerAt;
}

function paragraphsOf(lines: readonly string[]): string[][] {
  const paragraphs: string[][] = [];
  let current: string[] = [];
  for (const line of lines) {
    if (line !== '') {
      current.push(line);
      continue;
    }
    if (current.length > 0) paragraphs.push(current);
    current = [];
  }
  if (current.length > 0) paragraphs.push(current);
  return paragraphs;
}
