import { isPointer } from './boilerplate.js';
import { factWeight, hasHardFact } from './facts.js';
import { steeringBonus, type Steering } from './steering.js';
import { isKeySection, tellsWhatHappened, type Unit } from './units.js';

/** A pointer ("Please find our quotation below.") says where the content is, not what it is. */
const POINTER_WEIGHT = 0.3;
/** The first sentence or item under a section heading ("ROOT CAUSE", "Impact:") says what the section is about. */
const SECTION_LEAD = 0.4;
/** Under a heading a reader looks for (impact, root cause, next steps) the first line more. */
const KEY_SECTION_LEAD = 1.2;
/** Every line of a section that says what happened (its impact, its cause) matters to a reader. */
const WHAT_HAPPENED_REST = 0.8;

/**
 * Each unit's score: how central it is to the mail (its words' frequency, the subject's words), the
 * facts it carries, its place, and what the document's description asks for.
 */
export function score(units: Unit[], subjectTerms: readonly string[], steering: Steering, requests: ReadonlySet<Unit>): void {
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
    value += sectionBonus(unit);
    if (unit.wordCount < 3 && !hasHardFact(unit.facts)) value *= 0.4;
    else if (unit.wordCount > 45) value *= 0.75;
    if (isPointer(unit.text)) value *= POINTER_WEIGHT;
    unit.score = value;
  });
}

/** What a unit earns for where it stands in a report: first under a heading, in a section a reader needs. */
function sectionBonus(unit: Unit): number {
  if (unit.section === '') return 0;
  if (unit.firstInSection) return isKeySection(unit.section) ? KEY_SECTION_LEAD : SECTION_LEAD;
  return tellsWhatHappened(unit.section) ? WHAT_HAPPENED_REST : 0;
}

/** The `n` units ranked highest (ties in reading order), leaving out those ranked 0 or below. */
export function topBy(units: readonly Unit[], rank: (unit: Unit) => number, n: number): Unit[] {
  return [...units]
    .filter((unit) => rank(unit) > 0)
    .sort((a, b) => rank(b) - rank(a) || a.order - b.order)
    .slice(0, n);
}

export function inOrder(units: readonly Unit[]): Unit[] {
  return [...units].sort((a, b) => a.order - b.order);
}
