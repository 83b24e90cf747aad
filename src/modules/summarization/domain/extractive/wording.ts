import { truncateAtWord } from '../plain-text.js';
import { SUMMARY_LIMITS } from '../summary.js';
import type { Unit } from './units.js';

/** How the summary says where a fact comes from when it comes from an attachment. */
export const fromAttachment = (name: string): string => `From the attachment ${name}:`;

const CJK_END = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]$/u;

/**
 * Sentences as one paragraph; a `label: value` line ends with a full stop like a sentence. The first
 * sentence taken from an attachment says which one.
 */
export function joinUnits(units: readonly Unit[], attachmentOf: ReadonlyMap<Unit, string> = new Map()): string {
  let source: string | undefined;
  return units
    .map((unit) => {
      const text = /[.!?…。！？]["'”’)]*$/u.test(unit.text) ? unit.text : `${unit.text}${CJK_END.test(unit.text) ? '。' : '.'}`;
      const attachment = attachmentOf.get(unit);
      const named = attachment !== undefined && attachment !== source ? `${fromAttachment(attachment)} ${text}` : text;
      source = attachment;
      return named;
    })
    .reduce((text, next) => (text === '' ? next : /[。！？]$/u.test(text) ? `${text}${next}` : `${text} ${next}`), '');
}

/** The vendor of a receipt or an invoice is its sender: named first unless the text already does. */
export function withSender(summary: string, from: string): string {
  const name = /^\s*"?([^"<]+?)"?\s*</.exec(from)?.[1]?.trim() ?? '';
  if (name === '' || summary === '' || summary.toLowerCase().includes(name.toLowerCase())) return summary;
  return `${name} — ${summary}`;
}

/** Items that are not already said by the summary paragraph, nor twice. */
export function distinctFrom(summary: string, items: readonly string[]): string[] {
  const said = normalised(summary);
  const seen = new Set<string>();
  return items.filter((text) => {
    const key = normalised(text);
    if (key === '' || said.includes(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Whether a unit only repeats the subject: the same words, a part of it, or its words in another order
 * ("Checkout fails (ABC-123)" under "[JIRA] (ABC-123) Checkout fails").
 */
export function repeatsSubject(subject: string): (unit: Unit) => boolean {
  const whole = normalised(subject);
  const words = new Set(whole.split(' '));
  return (unit) => {
    const text = normalised(unit.text);
    if (text === whole) return true;
    const own = text.split(' ');
    return text.length >= 10 && (whole.includes(text) || (own.length >= 3 && own.every((word) => words.has(word))));
  };
}

export function normalised(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

export function item(text: string): string {
  return truncateAtWord(text, SUMMARY_LIMITS.itemChars);
}
