import type { MailKind } from '../../../../text/mail-kind.js';
import { DATE, MONEY, PERCENT, PLACE, REFERENCE, TIME } from './facts.js';
import type { Unit } from './units.js';
import { unicodeWords } from '../../../../text/unicode-words.js';

/**
 * How each kind of mail is summarised: the facts that lead its summary paragraph, in order. For each
 * lead, the best sentence or `label: value` line that states it opens the summary; what is left of the
 * mail's facts follows as key points.
 */
type Lead = (unit: Unit) => boolean;

export interface KindShape {
  /** Each lead is a fact, or alternatives for it: the first alternative any sentence states is used. */
  leads: readonly (Lead | readonly Lead[])[];
  /** Sentences of the summary paragraph beyond the leads (a message has no leads, only these). */
  extra: number;
  /** The sender is named in the summary (the vendor of a receipt or an invoice). */
  namesSender: boolean;
}

const has = (pattern: RegExp): Lead => (unit: Unit): boolean => pattern.test(unit.text);
const both = (a: RegExp, b: RegExp): Lead => (unit: Unit): boolean => a.test(unit.text) && b.test(unit.text);

/** A line that states a total (French and Spanish forms too: "Total TTC", "Importe total"). */
export const TOTAL =
  unicodeWords(/\b(?:total|grand total|order total|amount (?:due|paid|payable)|balance(?: due)?|to pay|suma|razem|łącznie|do zapłaty|kwota|wartość|gesamt\p{L}*|summe|betrag|zu zahlen|endbetrag|montant|net à payer|importe|合計|請求金額)\b/iu);
/** The amount the reader pays or paid, not a line on the way to it. */
export const FINAL_TOTAL = unicodeWords(
  /\b(?:grand total|gross|order total|kwota brutto|brutto|total (?:due|paid|amount|to pay|ttc)|amount (?:due|paid|payable)|balance due|total|do zapłaty|razem|suma|łącznie|gesamtbetrag|endbetrag|zu zahlen|rechnungsbetrag|summe|montant ttc|net à payer|importe total|total a pagar|合計|請求金額)\b/iu,
);
/** A subtotal or a net amount: a step on the way to the total. */
export const NET = unicodeWords(/\b(?:net|netto|excl\.?|excluding|before tax|sub-?total|zwischensumme|nettobetrag|ht|hors taxes?|sous-total|base imponible|subtotal)\b/iu);
const total = (pattern: RegExp): Lead => (unit: Unit): boolean => pattern.test(unit.text) && MONEY.test(unit.text) && !NET.test(unit.text);

const DUE = unicodeWords(/\b(?:due|pay(?:able)? by|payment (?:date|terms)|termin (?:płatności|zapłaty)|płatne do|zapłać do|fällig\p{L}*|zahlbar bis|zahlungsziel|支払期限|お支払い期限)/iu);
/** An invoice's number ("Invoice INV-2291", "fakturę nr FV/2025/03/118"), not its date. */
const INVOICE_NUMBER = unicodeWords(/\b(?:invoice|faktur\p{L}*|rechnung\p{L}*|請求書)(?![\p{L}\p{N}_])(?!\s*(?:date|dated|datum|data|vom|du|del)(?![\p{L}\p{N}_])).{0,25}(?:\d|#)/iu);
const ORDER_NUMBER = unicodeWords(/\b(?:order|receipt|transaction|zamówieni\p{L}*|paragon\p{L}*|transakcj\p{L}*|bestell\p{L}*|beleg\p{L}*|quittung|注文)\b.{0,25}(?:\d|#)/iu);
const PAID = unicodeWords(/\b(?:paid|charged|payment (?:received|method)|card ending|visa|mastercard|paypal|zapłacono|opłacono|płatność|karta|bezahlt|zahlungsart|karte)\b/iu);

const EVENT_FIELD = unicodeWords(/^(?:event|what|meeting|subject|wydarzenie|spotkanie|temat|termin|veranstaltung|besprechung|件名)\s*:/iu);
const WHEN_FIELD = unicodeWords(/^(?:when|date|time|new time|kiedy|data|godzina|nowy termin|wann|datum|uhrzeit|neuer termin|日時)\s*:/iu);
const WHERE_FIELD = unicodeWords(/^(?:where|location|venue|place|gdzie|miejsce|lokalizacja|wo|ort|raum|場所)\s*:/iu);
const CANCELLED = unicodeWords(/^status:\s*cancell?ed|\b(?:cancell?ed|odwołan\p{L}*|abgesagt|中止)\b/iu);
const INVITING =
  unicodeWords(/\b(?:invite|invitation|join us|meeting|call|session|workshop|review|moved|rescheduled|postponed|new time|zaprasz\p{L}*|spotkani\p{L}*|przeniesion\p{L}*|przesunięt\p{L}*|einlad\p{L}*|besprechung|termin|verschoben|treffen|会議|打ち合わせ)\b/iu);
const TIMED = unicodeWords(new RegExp(`${DATE.source}|${TIME.source}`, 'iu'));

const BOOKING_REF =
  unicodeWords(/\b(?:booking|reservation|confirmation|pnr|ticket|rezerwacj\p{L}*|bilet\p{L}*|buchung\p{L}*|reservierung\p{L}*|予約)\b.{0,30}[\p{Lu}\d]{4,}/iu);
const CARRIER = unicodeWords(/\b(?:flight|lot|flug|train|pociąg|zug|便)\b.{0,12}\b[A-Z]{1,3}\s?\d{2,4}\b|\b(?:[A-Z]{2}|[A-Z]\d|\d[A-Z])\s?\d{3,4}\b|\b(?:IC|ICE|EIC|EC|TLK|IR|RE|RB)\s\d{2,5}\b/u);
const DEPARTURE = unicodeWords(/\b(?:depart\p{L}*|leaves|check-in|boarding|odlot|wylot|odjazd|zameldowanie|abflug|abfahrt|einchecken|出発)\b/iu);
const ARRIVAL = unicodeWords(/\b(?:arriv\p{L}*|check-out|przylot|przyjazd|wymeldowanie|ankunft|到着)\b/iu);
const ROUTE = unicodeWords(/→|->|\b[A-Z]{3}\b\s?[–-]\s?\b[A-Z]{3}\b|\bfrom\s\p{Lu}\p{L}+\s(?:to|–)\s\p{Lu}|\bz\s\p{Lu}\p{L}+\sdo\s\p{Lu}|\bvon\s\p{Lu}\p{L}+\snach\s\p{Lu}/u);

const RECIPIENT = unicodeWords(/^(?:recipient|to|odbiorca|empfänger)\s*:/iu);
const REASON = unicodeWords(/^(?:reason|diagnostic|error|przyczyna|powód|grund|fehler)\s*:|\b(?:does not exist|doesn't exist|not found|unknown|mailbox (?:full|unavailable)|rejected|blocked|quota|nie istnieje|pełna|existiert nicht|unbekannt|voll)\b/iu);
const FAILED = unicodeWords(/\b(?:could not|couldn't|wasn't|was not|cannot) be delivered|delivery (?:has )?failed|nie (?:została|mogła zostać) dostarczona|(?:konnte )?nicht zugestellt/iu);

const OFFER = unicodeWords(new RegExp(
  `${PERCENT.source}|\\b(?:off|sale|discount|free|deal|save|rabat\\p{L}*|promocj\\p{L}*|wyprzedaż\\p{L}*|gratis|darmow\\p{L}*|rabatt|angebot|sparen|kostenlos|セール|割引)\\b`,
  'iu',
));
const CODE = unicodeWords(/\b(?:code|coupon|voucher|kod\p{L}*|gutschein\p{L}*|rabattcode|クーポン)\b\W{0,3}[\p{Lu}\d]{4,}|\b(?:code|kod|gutschein)\b.{0,20}\b[\p{Lu}][\p{Lu}\d]{3,}\b/u);
const ENDS =
  unicodeWords(/\b(?:ends?|ending|until|till|through|valid|expires?|last (?:day|chance)|only (?:today|until)|do\s(?:\d|końca|niedzieli|poniedziałku|piątku|soboty)|ważn\p{L}*|kończy się|tylko do|bis|gültig|endet|nur noch|まで)\b/iu);

const ANY = (): boolean => false;

const SHAPES: Record<MailKind, KindShape> = {
  invoice: {
    leads: [[total(FINAL_TOTAL), total(TOTAL), has(MONEY)], both(DUE, DATE), has(INVOICE_NUMBER)],
    extra: 0,
    namesSender: true,
  },
  receipt: {
    leads: [[total(FINAL_TOTAL), total(TOTAL), has(MONEY)], has(ORDER_NUMBER), has(PAID)],
    extra: 0,
    namesSender: true,
  },
  invitation: {
    leads: [
      has(CANCELLED),
      has(EVENT_FIELD),
      (unit) => WHEN_FIELD.test(unit.text) || (INVITING.test(unit.text) && TIMED.test(unit.text)),
      (unit) => WHERE_FIELD.test(unit.text) || (PLACE.test(unit.text) && unit.shape !== 'field'),
    ],
    extra: 1,
    namesSender: false,
  },
  booking: {
    leads: [has(BOOKING_REF), has(CARRIER), has(ROUTE), both(DEPARTURE, TIMED), both(ARRIVAL, TIMED)],
    extra: 0,
    namesSender: false,
  },
  bounce: {
    leads: [has(RECIPIENT), has(REASON), has(FAILED)],
    extra: 0,
    namesSender: false,
  },
  newsletter: {
    leads: [[both(OFFER, unicodeWords(new RegExp(`${PERCENT.source}|${MONEY.source}`, 'iu'))), has(OFFER)], has(CODE), both(ENDS, TIMED)],
    extra: 1,
    namesSender: false,
  },
  thread: { leads: [ANY], extra: 3, namesSender: false },
  message: { leads: [ANY], extra: 3, namesSender: false },
};

export function shapeOf(kind: MailKind): KindShape {
  return SHAPES[kind];
}

/** A reference, amount, percentage or date a key point should not lose, whatever the kind. */
export function isFactual(unit: Unit): boolean {
  return REFERENCE.test(unit.text) || MONEY.test(unit.text) || PERCENT.test(unit.text) || TIMED.test(unit.text);
}
