import type { Facts } from './facts.js';
import { termsOf, type Unit } from './units.js';

/**
 * The document's description steers the summary: sentences with the words it names, and the kinds of
 * facts it names ("invoices", "deadlines", "meetings"), rank first. A forwarder's note steers too, a
 * little less.
 */
export interface Steering {
  terms: ReadonlySet<string>;
  facts: ReadonlySet<keyof Facts | 'request'>;
}

/** Words every description uses that say nothing about the mail ("summarise", "focus on"). */
const GENERIC = new Set(
  termsOf(
    `summary summaries summarise summarize summarising summarizing mail mails email emails message messages focus keep only always never
     short brief write list include mention important highlight document notes points please streszczenie streszczaj podsumuj podsumowanie
     wiadomość wiadomości maile skup zawsze tylko krótko zusammenfassung zusammenfassen fasse nachricht nachrichten immer kurz wichtig`,
  ),
);

const NAMED_FACTS: readonly [RegExp, readonly (keyof Facts | 'request')[]][] = [
  [/invoice|bill|amount|cost|price|payment|budget|fee|money|spend|faktur|kwot|koszt|cen[ayi]|płatn|opłat|budżet|rechnung|betrag|kosten|preis|zahlung|gebühr|請求|金額/iu, ['money']],
  [/deadline|due|date|when|schedule|termin|frist|fällig|datum|期限|日付/iu, ['date', 'request']],
  [/meeting|call|calendar|event|appointment|spotkan|wydarzen|kalendarz|besprechung|treffen|kalender|veranstaltung|会議/iu, ['date', 'time', 'place']],
  [/decision|decid|agreed|approval|decyzj|ustalen|entscheid|beschluss|決定/iu, ['decision']],
  [/action|task|todo|to-do|request|ask|zadani|prośb|aufgabe|bitte|anfrage|依頼/iu, ['request']],
  [/place|location|where|venue|address|miejsc|lokalizac|adres|ort|adresse|場所/iu, ['place']],
  [/number|reference|order|ticket|booking|numer|zamówien|rezerwac|nummer|bestellung|buchung|番号/iu, ['reference']],
  [/change|update|price increase|zmian|änderung|変更/iu, ['change']],
  [/discount|offer|sale|promo|code|rabat|promocj|kod|rabatt|angebot|gutschein/iu, ['percent', 'money']],
];

export function steeringFrom(instructions: string, note: string): Steering {
  const text = `${instructions}\n${note}`;
  const facts = new Set<keyof Facts | 'request'>();
  for (const [pattern, named] of NAMED_FACTS) if (pattern.test(instructions)) for (const fact of named) facts.add(fact);
  return { terms: new Set(termsOf(text).filter((term) => !GENERIC.has(term))), facts };
}

/** The bonus a unit earns for what the description asks for. */
export function steeringBonus(unit: Unit, steering: Steering, isRequest: boolean): number {
  // Stems are crude ("parkin" for parking, "park" for park): a shared start of four letters is a match.
  const named = [...steering.terms];
  const matched = new Set(unit.terms.filter((term) => steering.terms.has(term) || named.some((word) => sharesStem(word, term)))).size;
  let bonus = 1.2 * Math.min(matched, 2);
  for (const fact of steering.facts) {
    if (fact === 'request' ? isRequest : unit.facts[fact]) bonus += 1;
  }
  return bonus;
}

function sharesStem(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 4 && long.startsWith(short);
}
