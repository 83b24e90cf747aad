import { describe, expect, it } from 'vitest';
import { endsSentence, splitSentences } from '../../../src/modules/summarization/domain/extractive/sentences.js';
import { unitsOf } from '../../../src/modules/summarization/domain/extractive/units.js';

describe('splitSentences: abbreviations and ordinals never end a sentence', () => {
  it.each([
    ['Please quote ref. AC-2291 when you pay. Thanks.', 'Please quote ref. AC-2291 when you pay.'],
    ['Please quote Ref. No. 123 when you pay. Thanks.', 'Please quote Ref. No. 123 when you pay.'],
    ['The office is in Building No. 5 on the left. See you.', 'The office is in Building No. 5 on the left.'],
    ['We expect approx. 20 guests. Lunch is served.', 'We expect approx. 20 guests.'],
    ['Bring a document, e.g. Passport or ID. Thanks.', 'Bring a document, e.g. Passport or ID.'],
    ['Bring one document, i.e. Your passport. Thanks.', 'Bring one document, i.e. Your passport.'],
    ['Meet Dr. Laura Chen and Mr. Smith at St. Mary Street. Thanks.', 'Meet Dr. Laura Chen and Mr. Smith at St. Mary Street.'],
    ['Bitte bringen Sie z.B. Ausweis mit. Danke.', 'Bitte bringen Sie z.B. Ausweis mit.'],
    ['Bitte bringen Sie z. B. Ausweis mit. Danke.', 'Bitte bringen Sie z. B. Ausweis mit.'],
    ['Es kostet ca. 200 Euro. Danke.', 'Es kostet ca. 200 Euro.'],
    ['Rechnung Nr. 4711 ist offen. Danke.', 'Rechnung Nr. 4711 ist offen.'],
    ['Die Miete bzw. Die Nebenkosten steigen. Danke.', 'Die Miete bzw. Die Nebenkosten steigen.'],
    ['Preis inkl. MwSt. 119 Euro. Danke.', 'Preis inkl. MwSt. 119 Euro.'],
    ['Das Büro ist im 3. OG links. Danke.', 'Das Büro ist im 3. OG links.'],
    ['Das Büro ist im 2. Stock rechts. Danke.', 'Das Büro ist im 2. Stock rechts.'],
    ['Wir treffen uns am 3. März um 10 Uhr. Danke.', 'Wir treffen uns am 3. März um 10 Uhr.'],
    ['Wir treffen uns am 3. Okt. um 10 Uhr. Danke.', 'Wir treffen uns am 3. Okt. um 10 Uhr.'],
    ['Spotkanie na ul. Marszałkowskiej 12. Do zobaczenia.', 'Spotkanie na ul. Marszałkowskiej 12.'],
    ['Spotkanie o godz. 10 w biurze. Do zobaczenia.', 'Spotkanie o godz. 10 w biurze.'],
    ['Proszę dzwonić tel. 600 100 200. Dzięki.', 'Proszę dzwonić tel. 600 100 200.'],
  ])('%s', (text, first) => {
    expect(splitSentences(text)[0]).toBe(first);
    expect(splitSentences(text)).toHaveLength(2);
  });

  it('still ends sentences after numbers and ordinary words', () => {
    expect(splitSentences('The total is 3. Next we go.')).toEqual(['The total is 3.', 'Next we go.']);
    expect(splitSentences('We have 12 items. The rest is gone.')).toEqual(['We have 12 items.', 'The rest is gone.']);
    expect(splitSentences('Wir sind im 3. OG. Bitte klingeln.')).toEqual(['Wir sind im 3. OG.', 'Bitte klingeln.']);
    expect(splitSentences('会議は3月19日です。よろしくお願いします。')).toEqual(['会議は3月19日です。', 'よろしくお願いします。']);
  });
});

describe('endsSentence: a wrapped line that ends in an abbreviation goes on', () => {
  it('tells a sentence end from an abbreviation at the end of a line', () => {
    expect(endsSentence('Bitte bringen Sie für die Anmeldung am Empfang z.B.')).toBe(false);
    expect(endsSentence('The parcel goes to the office of Dr.')).toBe(false);
    expect(endsSentence('Please reply by Friday.')).toBe(true);
    expect(endsSentence('That is ok.')).toBe(true);
    expect(endsSentence('Please answer yes or no.')).toBe(true);
    expect(endsSentence('A line that simply stops')).toBe(false);
  });

  it('joins such a line with the next one into one unit', () => {
    const units = unitsOf('Bitte bringen Sie für die Anmeldung am Empfang z.B.\nIhren Ausweis mit, sonst gibt es keinen Zutritt.\nDanke für Ihr Verständnis.');
    expect(units.map((unit) => unit.text)).toContain('Bitte bringen Sie für die Anmeldung am Empfang z.B. Ihren Ausweis mit, sonst gibt es keinen Zutritt.');
  });
});
