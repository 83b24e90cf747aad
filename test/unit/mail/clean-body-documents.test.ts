import { describe, expect, it } from 'vitest';
import { isFormFieldLine, isLetterheadLine } from '../../../src/modules/mail/domain/text/boilerplate-cues.js';
import { cleanBody } from '../../../src/modules/mail/domain/text/clean-body.js';

const clean = (text: string): string => cleanBody(text).text;

describe('cleanBody: a letterhead or an imprint is never content', () => {
  it.each([
    ['a name, street and town set apart by dashes', 'MENUISERIE MOREAU - 8 rue des Artisans - 44000 Nantes'],
    ['by middle dots', 'Tischlerei Huber · Lindenweg 4 · 83022 Rosenheim'],
    ['by bars', 'Atelier Nowak | ul. Długa 5 | 00-238 Warszawa'],
    ['by commas, with a legal form', 'Metallbau Krüger GmbH, Hafenstraße 21, 28217 Bremen'],
    ['by commas, in capitals', 'TALLERES RUIZ, Calle Mayor 12, 28013 Madrid'],
    ['an address with the company\'s tax id', '14 rue des Tanneurs, 69002 Lyon, France - VAT FR40512345678'],
  ])('%s', (_what, letterhead) => {
    expect(isLetterheadLine(letterhead)).toBe(true);
    expect(clean(`${letterhead}\nQUOTE Q-118\nThe total is EUR 1,200, valid until 30 June.`)).toBe('QUOTE Q-118\nThe total is EUR 1,200, valid until 30 June.');
  });

  it.each([
    ['a labelled address (the client, where to ship)', 'Client : Camille Durand, 12 allée des Tilleuls, 44300 Nantes'],
    ['a labelled delivery address', 'Ship to: Ortiz Consulting GmbH, Goethestrasse 12, 60313 Frankfurt am Main'],
    ['a venue set apart only by commas', 'Café Roma, 12 Via Roma, 00184 Roma'],
    ['a sentence that gives an address', 'We moved to 8 rue des Artisans - 44000 Nantes - from 1 March.'],
    ['a company name alone', 'Brandt Logistik GmbH - Lager Offenbach'],
  ])('keeps %s', (_what, line) => {
    expect(isLetterheadLine(line)).toBe(false);
    expect(clean(`The meeting is on 4 June.\n${line}\nSee you there.`)).toContain(line);
  });
});

describe('cleanBody: a field of a form to fill in or sign is never content', () => {
  it.each([
    ['a signature asked for in brackets (French)', 'Bon pour accord (date et signature) :'],
    ['a blank to fill in, with a signature in brackets', 'Received in good condition: ______________________ (name, signature)'],
    ['blanks after labels', 'Signed for and on behalf of the Provider: ______________________ Date: __________'],
    ['a German signature line', 'Ort, Datum, Unterschrift'],
    ['a German label on its own', 'Unterschrift:'],
    ['a signature in German brackets', 'Auftrag erteilt (Datum, Unterschrift)'],
    ['a Spanish signature line', 'Firma y fecha:'],
    ['a Polish signature line', 'Podpis klienta'],
    ['a Polish signature in brackets', 'Odebrałem towar (data i podpis)'],
  ])('%s', (_what, field) => {
    expect(isFormFieldLine(field)).toBe(true);
    expect(clean(`Delivery note DN-58817, delivered on 12 Nov 2026.\n${field}`)).toBe('Delivery note DN-58817, delivered on 12 Nov 2026.');
  });

  it.each([
    ['a request to sign', 'Bitte senden Sie den Vertrag mit Ihrer Unterschrift bis Freitag zurück.'],
    ['a Polish request to sign', 'Proszę podpisać umowę do piątku.'],
    ['a sentence about a signature', 'The contract was signed on 3 March (signature of both parties).'],
    ['a German company label with a value', 'Firma: Müller GmbH'],
  ])('keeps %s', (_what, line) => {
    expect(isFormFieldLine(line)).toBe(false);
    expect(clean(`The contract is ready.\n${line}`)).toContain(line);
  });

  it('still reads a line of underscores as a rule above quoted headers, not a form field', () => {
    const mail = `Sounds good.\n\n________________________________\nFrom: Ada <ada@example.com>\nSent: Monday, June 3, 2024 10:00 AM\nSubject: Meeting\n\nCan we meet?`;
    expect(cleanBody(mail)).toEqual({ text: 'Sounds good.', hadQuotedHistory: true });
  });
});

describe('cleanBody: page headers and footers of a document', () => {
  it.each(['Seite 1 von 2', 'Page 2 of 3', 'Page 1 sur 4', 'Strona 1 z 2', 'Auftragsbestätigung Nr. 4711 - Seite 2 von 2'])('drops "%s"', (line) => {
    expect(clean(`Pos. 3 Montage vor Ort 1.250,00 EUR\n${line}\nGesamtbetrag 7.856,38 EUR`)).toBe('Pos. 3 Montage vor Ort 1.250,00 EUR\nGesamtbetrag 7.856,38 EUR');
  });

  it('keeps a sentence that names a page', () => {
    expect(clean('The new fee is on page 2 of 3 in the contract.')).toBe('The new fee is on page 2 of 3 in the contract.');
  });
});
