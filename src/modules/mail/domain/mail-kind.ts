import type { MailKind } from '../../../text/mail-kind.js';
import { unicodeWords } from '../../../text/unicode-words.js';

export type { MailKind } from '../../../text/mail-kind.js';

export interface MailKindInput {
  subject: string;
  /** The cleaned text (an invitation's and a bounce's fields first). */
  text: string;
  /** A `text/calendar` part was read. */
  hasCalendar: boolean;
  /** A `multipart/report` delivery status was read. */
  isDeliveryReport: boolean;
  /** Quoted history was removed from the text: the mail answers an earlier one. */
  hadQuotedHistory: boolean;
}

/*
 * Cues per kind, in English, Polish, German (and a few Japanese words). A kind is recognised by how
 * many of its cues a mail shows, never by one word alone, so a message that merely mentions an invoice
 * stays a message.
 */

const MONEY = unicodeWords(/(?:[$€£¥₹]|\b(?:USD|EUR|GBP|PLN|CHF|JPY)\b)\s?\d|\d(?:[\d\s.,']*\d)?\s?(?:[$€£¥]|zł|PLN|EUR|USD|GBP|CHF|JPY|円|Euro\b)/u);

const BOUNCE_SUBJECT =
  unicodeWords(/undeliver|undelivered mail|delivery status notification|delivery (?:has )?failed|failure notice|mail delivery (?:failed|subsystem)|returned mail|nondeliverable|niedostarcz|nie (?:można|udało się) dostarczyć|unzustellbar|nicht zustellbar|zustellung fehlgeschlagen|配信不能|不達/i);
const BOUNCE_TEXT =
  unicodeWords(/(?:could not|couldn't|wasn't|was not|cannot|can't) be delivered|delivery to the following recipients? failed|message (?:was )?not delivered|address (?:not found|couldn't be found)|user unknown|mailbox (?:unavailable|full|not found)|nie (?:mogła|może|została) (?:zostać )?dostarczona|konnte nicht zugestellt werden|nicht zugestellt|^Recipient:.*\n(?:Status:.*\n?)?Reason:/im);

const INVITATION_SUBJECT =
  unicodeWords(/^(?:(?:updated |new )?invitation|invite|updated event|event (?:updated|changed|cancell?ed)|cancell?ed (?:event|meeting|invitation)|(?:nowe |zaktualizowane )?zaproszenie|odwołane wydarzenie|(?:aktualisierte )?einladung|abgesagt(?:es ereignis)?|neuer termin|会議|招待)\b/i);
const INVITATION_WORDING =
  unicodeWords(/\b(?:you(?:'re| are) invited|(?:we(?:'d| would)? like to |would like to |i'd like to )?invite you|invitation to|join us|please join|meeting (?:request|invite)|(?:moved|rescheduled|postponed) (?:to|until)|zaprasza(?:m|my)|zaproszenie na|zapraszamy|spotkanie|einladung|laden (?:sie|dich|euch) .{0,30}ein|lade (?:sie|dich|euch) .{0,30}ein|besprechung|ご招待|ご案内)/i);
const WHEN_WORDING =
  unicodeWords(/^(?:when|date|time|kiedy|data|termin|godzina|wann|datum|uhrzeit|zeit|日時)\s*:|\b\d{1,2}[:.]\d{2}\b|\b\d{1,2}\s?(?:am|pm)\b|\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|poniedziałek|wtorek|środ[aęy]|czwart[eku]+|piąt[eku]+|sobot[aęy]|niedziel[aęi]|jutro|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|morgen)\b|\d{1,2}時/im);
const WHERE_WORDING =
  unicodeWords(/^(?:where|location|place|venue|gdzie|miejsce|lokalizacja|wo|ort|raum|場所)\s*:|\b(?:room|conference room|office|venue|zoom|teams|google meet|sala|sali|biuro|biurze|raum|büro|konferenzraum|会議室)\b/im);

const BOOKING_CUES: readonly RegExp[] = [
  /\b(?:booking|reservation|confirmation)\s*(?:reference|ref\.?|number|no\.?|code|#)|\bPNR\b|\b(?:numer|kod) rezerwacji|\bpotwierdzenie rezerwacji|\bbuchungs(?:nummer|code|bestätigung|referenz)|\breservierungs(?:nummer|bestätigung)|予約番号/i,
  /\b(?:flight|lot|flug|train|pociąg|zug)\b.{0,20}\b[A-Z]{1,3}\s?\d{2,4}\b|\b(?:IC|ICE|EIC|EC|TLK|IR|RE|RB)\s\d{2,5}\b/,
  /\b(?:departure|departs|arrival|arrives|check-in|check-out|boarding|gate|seat|odlot|przylot|wylot|odjazd|przyjazd|zameldowanie|wymeldowanie|abflug|ankunft|abfahrt|sitzplatz|einchecken|出発|到着)\b/i,
  /\b(?:your (?:trip|flight|stay|booking|reservation)|itinerary|e-?ticket|boarding pass|twoja podróż|twoja rezerwacja|bilet|ihre reise|ihre buchung|fahrkarte|reiseplan|hotel)\b/i,
];

const INVOICE_CUES: readonly RegExp[] = [
  /\binvoice\b|\bfaktur[aęy]\b|\brechnung\b|請求書/i,
  /\binvoice (?:number|no\.?|#)|\bnumer faktury|\bfaktura (?:vat )?nr\b|\brechnungs(?:nummer|nr\.?)\b/i,
  /\b(?:due date|payment due|amount due|balance due|due (?:on|by)|pay(?:able)? by)\b|\btermin (?:płatności|zapłaty)|\bdo zapłaty\b|\bfällig(?:keit)?\b|\bzahlbar bis\b|\bzahlungsziel\b|支払期限/i,
];

const RECEIPT_CUES: readonly RegExp[] = [
  /\breceipt\b|\bparagon\b|\bpotwierdzenie (?:zapłaty|płatności|zamówienia)|\bquittung\b|\bbeleg\b|\bzahlungsbestätigung\b|領収書/i,
  /\border (?:number|no\.?|#|confirmation|id)\b|\byour order\b|\bnumer zamówienia|\btwoje zamówienie|\bzamówienie (?:nr|numer)|\bbestell(?:nummer|ung)\b|ご注文/i,
  /\b(?:paid|payment received|thank you for your (?:order|purchase|payment)|charged)\b|\b(?:zapłacono|opłacono|dziękujemy za (?:zakup|zamówienie|płatność))|\bbezahlt\b|\bvielen dank für ihre (?:bestellung|zahlung)/i,
  /^(?:total|order total|grand total|amount paid|suma|razem|łącznie|gesamt(?:betrag|summe)?|summe|合計)\b.{0,30}\d/im,
];

const NEWSLETTER_CUES: readonly RegExp[] = [
  /\b\d{1,2}\s?%\s?(?:off|discount|rabatu?|taniej|rabatt|günstiger)|-\d{1,2}\s?%/i,
  /\b(?:promo(?:tional)? code|discount code|coupon|voucher|use code|with code|kod(?:em)? rabatowy|kod promocyjny|z kodem|gutschein(?:code)?|rabattcode|mit dem code|クーポン)\b/i,
  /\b(?:sale|offer ends|ends (?:tonight|today|sunday|soon|on)|limited time|last chance|free shipping|shop now|newsletter|this week'?s|wyprzedaż|promocja|oferta ważna|darmowa dostawa|ostatnia szansa|angebot|aktion endet|nur (?:noch )?(?:bis|heute)|versandkostenfrei|jetzt shoppen|セール)\b/i,
];

const count = (cues: readonly RegExp[], text: string): number => cues.filter((cue) => cue.test(text)).length;

/**
 * What kind of mail this is, from what the pipeline found (a calendar part, a delivery report, quoted
 * history) and the cues of its subject and text. A mail that fits no kind closely is a `message`.
 */
export function detectMailKind(input: MailKindInput): MailKind {
  const subject = input.subject;
  const text = input.text.slice(0, 20_000);
  const all = `${subject}\n${text}`;

  if (input.isDeliveryReport || (BOUNCE_SUBJECT.test(subject) && BOUNCE_TEXT.test(text))) return 'bounce';
  if (input.hasCalendar || /^Event:.*\n(?:When:)/m.test(text)) return 'invitation';
  if (INVITATION_SUBJECT.test(subject) && WHEN_WORDING.test(all)) return 'invitation';

  const booking = count(BOOKING_CUES, all);
  const invoice = count(INVOICE_CUES, all);
  const receipt = count(RECEIPT_CUES, all);
  const newsletter = count(NEWSLETTER_CUES, all);
  const money = MONEY.test(all);

  if (booking >= 3 || (booking >= 2 && BOOKING_CUES[0]?.test(all) === true)) return 'booking';
  if (money && invoice >= 2 && invoice > receipt - 1 && !/\b(?:paid in full|zapłacono|opłacono|bezahlt)\b/i.test(all)) return 'invoice';
  if (money && receipt >= 2) return 'receipt';
  if (money && invoice >= 2) return 'invoice';
  if (INVITATION_WORDING.test(all) && WHEN_WORDING.test(all) && WHERE_WORDING.test(all)) return 'invitation';
  if (newsletter >= 2) return 'newsletter';
  if (input.hadQuotedHistory) return 'thread';
  return 'message';
}
