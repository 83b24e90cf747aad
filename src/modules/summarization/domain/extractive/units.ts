import { factsOf, MONEY, type Facts } from './facts.js';
import { isInjection, opensInjection } from './injection.js';
import { CALL_TO_ACTION } from '../../../../text/boilerplate.js';
import { CLOSING } from '../../../../text/sign-offs.js';
import { STOP_WORDS } from '../../../../text/stop-words.js';
import { GREETING, LIST_ITEM } from './mail-cues.js';
import { endsSentence, splitSentences } from './sentences.js';
import { unicodeWords } from '../../../../text/unicode-words.js';

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
  /**
   * The heading of the report section the unit is in ("ROOT CAUSE", "Impact:"), lowercased; '' when it
   * is under none.
   */
  section: string;
  /** The first sentence or item under a section heading. */
  firstInSection: boolean;
}

export interface UnitOptions {
  /**
   * The text came from a document (an attached PDF, DOCX or text file): its lines keep their structure,
   * so a line is joined to the one before only when it goes on with the same prose.
   */
  document?: boolean;
}

/** `Total: $22.99`, `Termin płatności: 21.06.2024`, `When: 10 Mar 2025` — never `https:` or `10:30`. */
const FIELD = /^(\p{L}[\p{L}\p{N} ()/&.#'’-]{0,38}?)\s*[:：]\s*(\S.*)?$/u;
const SENTENCE_END = /[.!?…。！？:;)]["'”’»)]*$/u;
const CJK = /[\p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}]/u;

/**
 * A line that opens with a clock time or a timestamp, one entry of a timeline or a log: "14:12  On-call
 * acknowledges", "2026-11-17 09:30 Deploy", "[08:15] Build failed", "9:30 am Kick-off", "14h30 Pause".
 */
const TIMESTAMPED =
  /^\[?(?:\d{4}-\d{2}-\d{2}(?:[T ]\d{1,2}:\d{2}(?::\d{2})?)?|\d{1,2}\.\d{1,2}\.\d{2,4}(?: \d{1,2}:\d{2})?|\d{1,2}:\d{2}(?::\d{2})?(?:\s?[AaPp]\.?[Mm]\.?)?|\d{1,2}h\d{2}|\d{1,2}[.:]\d{2}\s?Uhr)\]?(?:\s?(?:UTC|GMT|CET|CEST|Z))?\s*[-–—|:]?\s+\S/u;

/** A line that ends with an amount: a row of a price list ("Total TTC  7 458,00 EUR"). */
const AMOUNT_AT_END = new RegExp(`(?:${MONEY.source})\\s*$`, MONEY.flags);

/** A line in capitals, without a lowercase letter ("ROOT CAUSE", "DEVIS N° D-2026-311"). */
const CAPS_LINE = /^(?=(?:[^\p{L}]*\p{Lu}){2})[^\p{Ll}]{2,80}$/u;

/**
 * A report's section heading in capitals ("IMPACT", "ROOT CAUSE", "FOLLOW-UPS", "TIMELINE (UTC)"): a few
 * words, no digit (a title with a number, "INCIDENT REPORT INC-2026-1142", says something itself).
 */
const CAPS_HEADING = /^(?=(?:[^\p{L}]*\p{Lu}){3})[^\p{Ll}\p{N}.!?;:]{3,40}$/u;

/**
 * Sections of a report that say what happened: its summary, impact and cause, its findings and what was
 * decided. English, German, French, Spanish and Polish.
 */
const WHAT_HAPPENED = unicodeWords(
  /^(?:summary|executive summary|overview|impact|business impact|customer impact|(?:root )?causes?|what happened|outcome|results?|findings|conclusions?|decisions?|resolution|zusammenfassung|überblick|auswirkung(?:en)?|(?:grund)?ursache|ergebnis(?:se)?|fazit|entscheidung(?:en)?|beschlüsse|résumé|synthèse|impacts?|conséquences|causes? (?:racine|principale)|résultats?|décisions?|resumen|impacto|causa(?: raíz| principal)?|resultados?|conclusi(?:ón|ones)|decisi(?:ón|ones)|acuerdos|podsumowanie|wpływ|skutki|przyczyn[ay](?: źródłow[ae])?|wyniki?|wnioski|decyzj[ae]|ustalenia)\b/iu,
);

/** Sections of a report that say what comes next: its follow-ups, next steps and recommendations. */
const WHAT_NEXT = unicodeWords(
  /^(?:next steps|action items|actions|follow-?ups?|recommendations?|lessons learned|maßnahmen|nächste schritte|prochaines étapes|actions à mener|recommandations|próximos pasos|recomendaciones|następne kroki|działania|zalecenia)\b/iu,
);

/**
 * Whether a section heading (lowercased, as in `Unit.section`) names what a reader of a report needs:
 * what happened (its impact, its cause) or what comes next.
 */
export function isKeySection(heading: string): boolean {
  return WHAT_HAPPENED.test(heading) || WHAT_NEXT.test(heading);
}

/** Whether a section heading names what happened: every line under it matters, not only the first. */
export function tellsWhatHappened(heading: string): boolean {
  return WHAT_HAPPENED.test(heading);
}

/**
 * A letterhead or an imprint on one line: a name, then its street and its postcode and town, set apart
 * by dashes, dots or bars ("MENUISERIE MOREAU - 8 rue des Artisans - 44000 Nantes"). The mail cleaner
 * drops these; the summariser only keeps one from running into the next line.
 */
function isLetterhead(line: string): boolean {
  const parts = line.split(/\s[-–—·|•]\s/);
  return parts.length >= 3 && line.length <= 160 && !/\d/.test(parts[0] ?? '') && parts.some((part) => /(?:^|\s)(?:[A-Z]{1,2}-)?\d{4,5}\s\p{Lu}/u.test(part));
}

export function unitsOf(text: string, options: UnitOptions = {}): Unit[] {
  const units: Unit[] = [];
  // The section heading the next units are under, and whether the next one is its first.
  let section = '';
  let sectionOpen = false;
  const openSection = (heading: string): void => {
    section = heading.replace(/[\s:：]+$/u, '').replace(/\s+/g, ' ').toLowerCase();
    sectionOpen = true;
  };
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
        section,
        firstInSection: sectionOpen && shape !== 'heading' && shape !== 'greeting',
      });
      first = false;
      if (shape !== 'heading' && shape !== 'greeting') sectionOpen = false;
    };

    const segments = joinWrapped(lines, options.document === true);
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
      if (CAPS_HEADING.test(segment)) {
        // "ROOT CAUSE": it names the section below, and says nothing itself.
        openSection(segment);
        add(segment, 'heading');
        return;
      }
      if (LIST_ITEM.test(segment)) {
        add(segment.replace(LIST_ITEM, ''), 'item');
        return;
      }
      const field = FIELD.exec(segment);
      if (field && isLabel(field[1] ?? '')) {
        const value = field[2] ?? '';
        // "Agenda:" on its own introduces what follows and says nothing itself: it heads a section.
        if (value !== '') add(segment, 'field', (field[1] ?? '').trim().toLowerCase());
        else openSection(field[1] ?? '');
        return;
      }
      const sentences = splitSentences(segment);
      const heading = segments.length === 1 && sentences.length === 1 && !SENTENCE_END.test(segment) && wordCount(segment) <= 8;
      // "Root cause" on a line of its own heads the section below like "ROOT CAUSE" would.
      if (heading && isKeySection(segment) && wordCount(segment) <= 4) {
        openSection(segment);
        add(segment, 'heading');
        return;
      }
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

/**
 * Lines of a paragraph as the writer meant them: a prose line wrapped at 72 columns joins the next. Two
 * timestamped lines are two entries of a timeline. In a document, a line goes on on the next only when
 * that one is more of the same prose: never onto a heading, a letterhead or a timestamped line, and a
 * heading or a letterhead goes on on nothing.
 */
function joinWrapped(lines: readonly string[], document: boolean): string[] {
  const segments: string[] = [];
  for (const line of lines) {
    const previous = segments[segments.length - 1];
    const wrapped =
      previous !== undefined &&
      previous.length >= 40 &&
      !endsSentence(previous) &&
      !LIST_ITEM.test(line) &&
      !isFieldLine(line) &&
      !GREETING.test(previous) &&
      !(TIMESTAMPED.test(previous) && TIMESTAMPED.test(line)) &&
      !(document && (standsAlone(previous) || standsAlone(line) || TIMESTAMPED.test(line) || endsRow(previous, line)));
    if (wrapped) segments[segments.length - 1] = `${previous} ${line}`;
    else segments.push(line);
  }
  return segments;
}

function isFieldLine(line: string): boolean {
  const field = FIELD.exec(line);
  return field !== null && isLabel(field[1] ?? '');
}

/** A document's line that is never part of a sentence: a heading in capitals, a letterhead. */
function standsAlone(line: string): boolean {
  return isCapsHeading(line) || isLetterhead(line);
}

/** "DEVIS N° D-2026-311": capitals, words more than digits (an IBAN in capitals is no heading), no full stop. */
function isCapsHeading(line: string): boolean {
  if (!CAPS_LINE.test(line) || /[.!?]$/.test(line) || line.split(/\s+/).length > 8) return false;
  return (line.match(/\p{L}/gu) ?? []).length > (line.match(/\p{N}/gu) ?? []).length;
}

/**
 * A document's line that ends a row of a price list ("4. Pose et ajustements (3 jours)  1 260,00 EUR"):
 * the next line goes on with it only when it starts in lowercase.
 */
function endsRow(line: string, next: string): boolean {
  return AMOUNT_AT_END.test(line) && !/^\p{Ll}/u.test(next);
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
