import { describe, expect, it } from 'vitest';
import { detectMailKind, type MailKindInput } from '../../../src/modules/mail/domain/mail-kind.js';

function kindOf(subject: string, text: string, found: Partial<MailKindInput> = {}): string {
  return detectMailKind({ subject, text, hasCalendar: false, isDeliveryReport: false, hadQuotedHistory: false, ...found });
}

describe('detectMailKind', () => {
  it('recognises an invoice by its number, due date and amount due, in English, Polish and German', () => {
    expect(
      kindOf(
        'Invoice INV-2024-0193 from Northwind Hosting',
        'Hi Ada,\n\nYour invoice for May is ready.\n\nInvoice number: INV-2024-0193\nAmount due: €1,240.00\nDue date: 14 June 2024\n\nPlease pay by bank transfer to the account on the invoice.',
      ),
    ).toBe('invoice');
    expect(
      kindOf(
        'Faktura VAT nr FV/2024/06/117',
        'Dzień dobry,\n\nw załączeniu przesyłamy fakturę VAT nr FV/2024/06/117 za usługi księgowe.\n\nDo zapłaty: 2 460,00 zł\nTermin płatności: 21.06.2024',
      ),
    ).toBe('invoice');
    expect(
      kindOf(
        'Ihre Rechnung 2024-5581',
        'Sehr geehrte Damen und Herren,\n\nanbei erhalten Sie Ihre Rechnung.\n\nRechnungsnummer: 2024-5581\nGesamtbetrag: 389,50 €\nZahlbar bis: 30.06.2024',
      ),
    ).toBe('invoice');
  });

  it('recognises a receipt by its order, payment and total', () => {
    expect(
      kindOf(
        'Your order #112-4471 has shipped',
        'Thank you for your order!\n\nOrder number: 112-4471\nUSB-C cable x2: $18.00\nShipping: $4.99\nTotal: $22.99\nPaid with Visa ending 4421',
      ),
    ).toBe('receipt');
    expect(
      kindOf(
        'Potwierdzenie zamówienia nr 58812',
        'Dziękujemy za zamówienie!\n\nNumer zamówienia: 58812\nKawa ziarnista 1 kg: 89,00 zł\nRazem: 104,00 zł\nZapłacono kartą.',
      ),
    ).toBe('receipt');
    expect(
      kindOf(
        'Ihre Bestellung 30021 – Zahlungsbestätigung',
        'Vielen Dank für Ihre Bestellung.\n\nBestellnummer: 30021\nSumme: 64,90 €\nBezahlt per PayPal.',
      ),
    ).toBe('receipt');
  });

  it('recognises an invitation by its calendar part, or by invitation wording with a time and a place', () => {
    expect(kindOf('Weekly sync', 'Event: Weekly sync\nWhen: 10 Mar 2025 14:30–15:00\nWhere: Room 4', { hasCalendar: true })).toBe('invitation');
    expect(
      kindOf(
        'Team offsite',
        'Hi all,\n\nyou are invited to our team offsite on Friday, 14 June at 10:00 in the Kraków office, room 2.04. Lunch is on us.',
      ),
    ).toBe('invitation');
    expect(
      kindOf('Zaproszenie: przegląd kwartalny', 'Zapraszam na przegląd kwartalny w czwartek o 11:00.\nMiejsce: sala Wisła, 3 piętro'),
    ).toBe('invitation');
    expect(
      kindOf('Einladung: Projektbesprechung', 'Hallo zusammen,\n\nich lade euch zur Projektbesprechung am Dienstag um 9:30 Uhr ein.\nOrt: Raum 3.12'),
    ).toBe('invitation');
  });

  it('recognises a travel booking by its reference, flight or train, and departure', () => {
    expect(
      kindOf(
        'Your booking confirmation – Warsaw to Frankfurt',
        'Booking reference: X7K9PQ\nFlight LH 1349, Warsaw (WAW) → Frankfurt (FRA)\nDeparture: 12 Sep 2024, 06:45\nArrival: 12 Sep 2024, 08:50',
      ),
    ).toBe('booking');
    expect(
      kindOf(
        'Potwierdzenie rezerwacji biletu',
        'Numer rezerwacji: 2024-PKP-88123\nPociąg IC 3504 Warszawa Centralna – Gdańsk Główny\nOdjazd: 15.07.2024, 07:15\nWagon 8, miejsce 45',
      ),
    ).toBe('booking');
    expect(
      kindOf(
        'Ihre Buchungsbestätigung',
        'Buchungsnummer: DB-77120\nZug ICE 578 Berlin Hbf – München Hbf\nAbfahrt: 03.10.2024, 08:34\nAnkunft: 03.10.2024, 12:31',
      ),
    ).toBe('booking');
  });

  it('recognises a bounce by its delivery report, or by its subject and failure wording', () => {
    expect(kindOf('Undelivered Mail Returned to Sender', 'Recipient: bob@example.org\nStatus: failed 5.1.1', { isDeliveryReport: true })).toBe('bounce');
    expect(
      kindOf('Mail delivery failed: returning message to sender', 'This message was created automatically.\n\nYour message could not be delivered to one or more recipients.'),
    ).toBe('bounce');
    expect(kindOf('Unzustellbar: Angebot', 'Ihre Nachricht konnte nicht zugestellt werden an: info@beispiel.de')).toBe('bounce');
  });

  it('recognises a newsletter by its offer, code and end date', () => {
    expect(
      kindOf('Summer sale: 25% off everything', 'Our summer sale is on: 25% off everything in store.\nUse code SUMMER25 at checkout.\nOffer ends Sunday, 30 June.'),
    ).toBe('newsletter');
    expect(kindOf('Wyprzedaż -30%', 'Tylko do niedzieli: 30% rabatu na wszystkie buty z kodem LATO30.')).toBe('newsletter');
    expect(kindOf('Nur bis Sonntag', 'Sichern Sie sich 20% Rabatt mit dem Code HERBST20. Aktion endet am 6. Oktober.')).toBe('newsletter');
  });

  it('calls a reply with quoted history a thread, and anything else a message', () => {
    expect(kindOf('Vendor review', "I've moved the vendor review to Thursday so Finance can join.", { hadQuotedHistory: true })).toBe('thread');
    expect(kindOf('lunch', 'Hello Mikel\nThe keys are under the mat.')).toBe('message');
  });

  it('keeps a message that only mentions an invoice or a sale a message', () => {
    expect(kindOf('Quick question', 'Did you already send the invoice to Contoso? They asked me about it this morning.')).toBe('message');
    expect(kindOf('Weekend', 'The sale of the old office furniture went well, thanks for helping.')).toBe('message');
  });
});
