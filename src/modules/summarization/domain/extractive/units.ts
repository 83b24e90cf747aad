import { factsOf, type Facts } from './facts.js';
import { isInjection, opensInjection } from './injection.js';
import { CALL_TO_ACTION, CLOSING, GREETING, LIST_ITEM } from './mail-cues.js';
import { splitSentences } from './sentences.js';
import { STOP_WORDS } from './stop-words.js';

/**
 * One sentence, list item or `label: value` line of the mail, in reading order. The mail reaches the
 * summariser cleaned (no quoted history, signature or footer), so what is left is read as it stands.
 */
export interface Unit {
  text: string;
  order: number;
  paragraph: number;
  shape: 'field' | 'item' | 'prose' | 'heading' | 'greeting';
  /** A field's label, lowercased ('' for anything else). */
  label: string;
  firstInParagraph: boolean;
  /** Topic words: lowercased, stop words out, crudely stemmed; CJK as character pairs. */
  terms: string[];
  wordCount: number;
  facts: Facts;
  score: number;
}

/** `Total: $22.99`, `Termin płatności: 21.06.2024`, `When: 10 Mar 2025` — never `https:` or `10:30`. */
const FIELD = /^(\p{L}[\p{L}\p{N} ()/&.#'’-]{0,38}?)\s*[:：]\s*(\S.*)?$/u;
const SENTENCE_END = /[.!?…。！？:;)]["'”’»)]*$/u;
const CJK = /[\p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}]/u;

export function unitsOf(text: string): Unit[] {
  const units: Unit[] = [];
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    // A line written for a model (or imitating this prompt's markers) goes before lines are joined, so
    // the reader's text on the lines around it stays whole.
    .map((block) => block.split('\n').map((line) => line.trim()).filter((line) => line !== '' && !isInjection(line.replace(/<[^<>]*>/g, ''))))
    .filter((lines) => lines.length > 0);

  paragraphs.forEach((lines, paragraph) => {
    if (opensInjection(lines[0] ?? '')) return;
    let first = true;
    const add = (raw: string, shape: Unit['shape'], label = ''): void => {
      // A sentence that followed "Dzień dobry," starts in lowercase; on its own it starts a sentence.
      const text = raw.replace(/\s+/g, ' ').trim().replace(/^\p{Ll}/u, (letter) => letter.toUpperCase());
      if (text === '' || !/[\p{L}\p{N}]/u.test(text) || isInjection(text)) return;
      // A bare price list ("$249 $169") or a guest's address says nothing on its own.
      if ((shape !== 'field' && wordCount(text) === 0) || /^[<(]?[^\s@]+@[^\s@]+[>)]?$/.test(text)) return;
      units.push({
        text,
        order: units.length,
        paragraph,
        shape,
        label,
        firstInParagraph: first,
        terms: termsOf(text),
        wordCount: wordCount(text),
        facts: factsOf(text),
        score: 0,
      });
      first = false;
    };

    const segments = joinWrapped(lines);
    // The last lines of a mail without punctuation or facts ("Ken Sato", "Sample Ltd, Sales") are what
    // is left of a signature.
    let residue = segments.length;
    if (paragraph === paragraphs.length - 1) {
      const keep = paragraph > 0 ? 0 : 1;
      while (residue > keep && isSignatureResidue(segments[residue - 1] ?? '')) residue -= 1;
    }
    segments.forEach((segment, index) => {
      if (index >= residue) return;
      if (CLOSING.test(segment) || CALL_TO_ACTION.test(segment)) return;
      if (LIST_ITEM.test(segment)) {
        add(segment.replace(LIST_ITEM, ''), 'item');
        return;
      }
      const field = FIELD.exec(segment);
      if (field && isLabel(field[1] ?? '')) {
        const value = field[2] ?? '';
        // "Agenda:" on its own introduces what follows and says nothing itself.
        if (value !== '') add(segment, 'field', (field[1] ?? '').trim().toLowerCase());
        return;
      }
      const sentences = splitSentences(segment);
      const heading = segments.length === 1 && sentences.length === 1 && !SENTENCE_END.test(segment) && wordCount(segment) <= 8;
      for (const sentence of sentences) {
        if (GREETING.test(sentence) && sentence.split(/\s+/).length <= 6) add(sentence.replace(/[,:]$/, ''), 'greeting');
        else if (!CLOSING.test(sentence)) add(sentence, heading ? 'heading' : 'prose');
      }
    });
  });
  return units;
}

function isSignatureResidue(segment: string): boolean {
  return !SENTENCE_END.test(segment) && segment.length <= 40 && segment.split(/\s+/).length <= 5 && !/\d/.test(segment) && !FIELD.test(segment);
}

/** Lines of a paragraph as the writer meant them: a prose line wrapped at 72 columns joins the next. */
function joinWrapped(lines: readonly string[]): string[] {
  const segments: string[] = [];
  for (const line of lines) {
    const previous = segments[segments.length - 1];
    const wrapped =
      previous !== undefined &&
      previous.length >= 40 &&
      !SENTENCE_END.test(previous) &&
      !LIST_ITEM.test(line) &&
      !(FIELD.test(line) && isLabel(FIELD.exec(line)?.[1] ?? '')) &&
      !GREETING.test(previous);
    if (wrapped) segments[segments.length - 1] = `${previous} ${line}`;
    else segments.push(line);
  }
  return segments;
}

function isLabel(label: string): boolean {
  const words = label.trim().split(/\s+/);
  return words.length <= 5 && !/^(?:https?|mailto|ftp|www)$/i.test(label.trim());
}

function wordCount(text: string): number {
  const latin = (text.match(/\p{L}[\p{L}\p{N}'’-]*/gu) ?? []).length;
  // Japanese has no spaces: about two characters a word.
  const cjk = (text.match(/[\p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}]/gu) ?? []).length;
  return CJK.test(text) ? Math.round(cjk / 2) + latin : latin;
}

export function termsOf(text: string): string[] {
  const lower = text.toLowerCase();
  const words = (lower.match(/\p{L}[\p{L}\p{N}'’-]*/gu) ?? [])
    .filter((word) => word.length >= 3 && !CJK.test(word) && !STOP_WORDS.has(word))
    .map((word) => (word.length > 6 ? word.slice(0, 6) : word));
  const pairs: string[] = [];
  for (const run of lower.match(/[\p{Script=Han}\p{Script=Katakana}]{2,}/gu) ?? []) {
    for (let i = 0; i + 1 < run.length; i += 1) pairs.push(run.slice(i, i + 2));
  }
  return [...words, ...pairs];
}
