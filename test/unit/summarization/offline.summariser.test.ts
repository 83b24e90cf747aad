import { describe, expect, it } from 'vitest';
import type { Summary, SummaryRequest } from '../../../src/modules/summarization/application/ports/llm.port.js';
import { OfflineSummariser } from '../../../src/modules/summarization/infra/offline.summariser.js';
import { loadFixture } from './fixtures/load-fixture.js';

const offline = new OfflineSummariser();

async function summaryOf(fixture: string, instructions = ''): Promise<Summary> {
  return (await offline.summarise(loadFixture(fixture, instructions))).summary;
}

function everything(summary: Summary): string {
  return [summary.title, summary.summary, ...summary.keyPoints, ...summary.actionItems].join('\n');
}

function body(summary: Summary): string {
  return [summary.summary, ...summary.keyPoints, ...summary.actionItems].join('\n');
}

/** What every summary owes its reader, whatever the mail. */
function expectWellFormed(summary: Summary, subject: string): void {
  const said = summary.summary.toLowerCase();
  for (const item of summary.actionItems) {
    expect(item.toLowerCase()).not.toBe(subject.toLowerCase());
    expect(said).not.toContain(item.toLowerCase());
  }
  for (const point of summary.keyPoints) expect(said).not.toContain(point.toLowerCase());
  expect(everything(summary)).not.toMatch(/\bAI\b|assistant|instructions? (?:in|were|was)|not followed/i);
}

describe('OfflineSummariser, per kind of mail', () => {
  it('leads a receipt with its total, order number and payment, names the vendor, and leaves the shop talk out', async () => {
    const summary = await summaryOf('receipt-en');

    expect(summary.summary).toContain('TOTAL: $160.94');
    expect(summary.summary).toContain('BO-48213');
    expect(summary.summary).toContain('Visa ending in 4421');
    expect(summary.summary).toMatch(/^Brightline Outfitters — /);
    expect(summary.keyPoints).toEqual(expect.arrayContaining(['Subtotal: $143.00', 'Order date: June 8, 2024']));
    expect(summary.actionItems).toEqual([]);
    expect(everything(summary)).not.toMatch(/return something|returns centre|Thanks for your order/i);
    expectWellFormed(summary, 'Your Brightline Outfitters order #BO-48213');
  });

  it('leads a Polish invoice with the amount due, the due date and the number, in Polish', async () => {
    const summary = await summaryOf('invoice-pl');

    expect(summary.summary).toContain('Do zapłaty: 2 460,00 zł');
    expect(summary.summary).toContain('Termin płatności: 17.06.2024');
    expect(summary.summary).toContain('FV/2024/06/117');
    expect(summary.summary).not.toContain('Kwota netto');
    expect(summary.actionItems).toEqual(['Prosimy o terminową wpłatę na wskazany rachunek.']);
    expect(everything(summary)).not.toMatch(/Dzień dobry|\b(?:the|and|due)\b/);
    expectWellFormed(summary, 'Faktura VAT nr FV/2024/06/117');
  });

  it('says what, when and where for a calendar invitation, and lists what the reader must bring', async () => {
    const summary = await summaryOf('invitation-calendar');

    expect(summary.summary).toContain('Event: Quarterly planning.');
    expect(summary.summary).toContain('When: 18 Jun 2024 10:00–12:00 (Europe/Warsaw).');
    expect(summary.summary).toContain('Where: Room Wisła, 3rd floor.');
    expect(summary.actionItems).toEqual(["Please bring your team's top three priorities."]);
    expectWellFormed(summary, 'Quarterly planning');
  });

  it('gives the new time and room of a moved German meeting, in German', async () => {
    const summary = await summaryOf('invitation-change-de');

    expect(summary.summary).toContain('Neuer Termin ist Donnerstag, 20. Juni, um 14:30 Uhr im Raum 3.12.');
    expect(summary.summary).toContain('Die Projektbesprechung am Dienstag muss leider verschoben werden.');
    expect(summary.actionItems).toEqual(['Bitte bestätigt kurz, ob ihr teilnehmen könnt.']);
    expect(summary.summary).not.toMatch(/Hallo/);
    expectWellFormed(summary, 'Projektbesprechung verschoben');
  });

  it('keeps the reference, flight, route and times of a flight booking', async () => {
    const summary = await summaryOf('booking-flight');

    for (const fact of ['X7K9PQ', 'LH 1349', 'Warsaw (WAW) → Frankfurt (FRA)', 'Departure: 12 Sep 2024, 06:45', 'Arrival: 12 Sep 2024, 08:50']) {
      expect(summary.summary).toContain(fact);
    }
    expect(summary.keyPoints).toContain('Seat: 14C');
    expectWellFormed(summary, 'Your booking confirmation: Warsaw to Frankfurt');
  });

  it('keeps the booking number, train and times of a German train ticket', async () => {
    const summary = await summaryOf('booking-train-de');

    for (const fact of ['DB-77120', 'ICE 578', 'Abfahrt: 03.10.2024, 08:34', 'Ankunft: 03.10.2024, 12:31']) expect(body(summary)).toContain(fact);
    expect(everything(summary)).not.toMatch(/Vielen Dank für Ihre Buchung/);
  });

  it('says to whom a bounced mail was not delivered and why, with no action items', async () => {
    const summary = await summaryOf('bounce');

    expect(summary.summary).toContain('bob.smith@contoso.example');
    expect(summary.summary).toContain('does not exist');
    expect(summary.actionItems).toEqual([]);
  });

  it('gives a newsletter by its offer, code and end date, not its furniture', async () => {
    const summary = await summaryOf('newsletter-pl');

    expect(summary.summary).toContain('Tylko do niedzieli 30 czerwca: 30% rabatu na wszystkie buty z kodem LATO30.');
    expect(everything(summary)).not.toMatch(/LATO W PEŁNI|Zobacz ofertę/);
    expect(summary.actionItems).toEqual([]);
  });

  it('summarises the newest message of a thread and asks what the writer asks', async () => {
    const summary = await summaryOf('reply-thread');

    expect(summary.summary).toContain("I've moved the vendor review to Thursday at 14:00 so that Finance can join us.");
    expect(summary.summary).toContain('18% over plan');
    expect(summary.actionItems).toEqual(['Could you send the updated budget sheet by Wednesday noon?']);
    expect(everything(summary)).not.toMatch(/Hi Marek|Thanks for the numbers/);
    expectWellFormed(summary, 'Vendor review and Q2 budget');
  });
});

describe('OfflineSummariser, on any mail', () => {
  it('summarises a newsletter without a sale by its news, and keeps the price change', async () => {
    const summary = await summaryOf('marketing-newsletter');

    expect(summary.summary).toContain('Offline sync is now available on every plan');
    expect(summary.summary).toContain('Starting July 1, Tidewater Pro will cost $12 per user per month, up from $10.');
    expect(summary.keyPoints).toEqual(expect.arrayContaining(['Board templates for sprint planning and retrospectives', 'Dark mode for the mobile apps']));
    for (const junk of [/THE TIDEWATER MONTHLY|OFFLINE SYNC|WHAT ELSE SHIPPED/, /shop now/i, /hope you/i, /thanks for reading/i, /Hi there/]) {
      expect(everything(summary)).not.toMatch(junk);
    }
  });

  it('keeps a Polish mail in Polish: the auditors’ date in the summary, the requested invoices as action items', async () => {
    const summary = await summaryOf('polish-deadline');

    expect(summary.summary).toContain('Audytorzy z firmy Rewident Sp. z o.o. rozpoczną pracę w naszej siedzibie 17 czerwca o godz. 9:00.');
    expect(summary.actionItems[0]).toContain('proszę o przesłanie kompletu faktur kosztowych za I kwartał do piątku, 14 czerwca 2024 r.');
    expect(summary.actionItems[0]).toMatch(/^W związku/);
    expect(everything(summary)).not.toMatch(/Dzień dobry|W razie pytań/);
    expectWellFormed(summary, 'Dokumenty do audytu – termin 14 czerwca');
  });

  it('keeps a Japanese mail in Japanese, split at 。', async () => {
    const summary = await summaryOf('japanese');

    expect(summary.summary).toBe('来週の定例会議ですが、6月25日の15時からに変更になりました。場所は本社の第2会議室です。');
    expect(summary.actionItems).toEqual(['資料は前日までに共有してください。']);
    expect(everything(summary)).not.toMatch(/お疲れ様です|[A-Za-z]{3,}/);
  });

  it('keeps business text about "the model" and drops an injected instruction without a note', async () => {
    const summary = await summaryOf('model-and-injection');

    expect(summary.summary).toContain('We made two changes to the model this week');
    expect(summary.summary).toContain('€900 per month');
    expect(summary.summary).toContain('The board approved the new model on Tuesday.');
    expect(summary.actionItems).toEqual(['Could you review the revenue tab before Friday?']);
    expect(everything(summary)).not.toMatch(/wire|5,000|9981|ignore|previous instructions|AI|assistant/i);
  });

  it('summarises a very short mail from its own words, not from its subject, and never leads with the greeting', async () => {
    const summary = await summaryOf('short-hello');

    expect(summary.summary).toBe('The spare keys are with the concierge at reception.');
    expect(summary.actionItems).toEqual([]);
  });

  it('summarises a one-line question as that question, once', async () => {
    expect(await summaryOf('one-line')).toEqual({
      title: 'lunch tomorrow',
      summary: "Can we move tomorrow's lunch with the design team to 13:00?",
      keyPoints: [],
      actionItems: [],
    });
  });

  it('summarises a forwarded invitation and finds the RSVP', async () => {
    const summary = await summaryOf('forwarded-invitation');

    expect(summary.summary).toContain('You are invited to the Data Platform Summit on 12 September in the Kraków Congress Centre.');
    expect(summary.actionItems).toEqual(['Please RSVP by 20 June so that we can confirm your seat.']);
    expect(everything(summary)).not.toMatch(/Dear Ada|FYI/);
  });

  it('summarises a long machine log as a log: its size, time span and counts, without quoting its lines', async () => {
    const summary = await summaryOf('log-dump');

    expect(summary.summary).toBe(
      'The nightly import failed again, full log below. A log of 300 entries (2024-06-21 02:00:07 – 2024-06-21 02:35:00): 5 errors, 7 warnings (2 different errors).',
    );
    expect(everything(summary)).not.toMatch(/Imported batch|Connection refused|\[importer\]/);
  });

  it('summarises a log the mail pipeline already collapsed by its size, without made-up counts', async () => {
    const text = [
      'The import broke at 02:14, log below.',
      '',
      '2024-06-21 02:00:07 INFO Imported batch 0',
      '2024-06-21 02:00:14 INFO Imported batch 1',
      '2024-06-21 02:14:00 ERROR Connection refused: db-primary:5432',
      '[… 4,812 more similar lines]',
    ].join('\n');
    const { summary } = await offline.summarise({ ...loadFixture('one-line'), subject: 'import log', text });

    expect(summary.summary).toBe('The import broke at 02:14, log below. A log of 4,815 lines, with errors.');
    expect(everything(summary)).not.toMatch(/db-primary|Imported batch/);
  });

  it('ranks first what the document description asks for: its words, and the kinds of fact it names', async () => {
    const plain = await summaryOf('weekly-update');
    const support = 'Support tickets about password resets dropped to a handful a day.';
    expect(plain.summary).not.toContain(support);

    expect((await summaryOf('weekly-update', 'Support tickets and password problems')).summary).toContain(support);
    const meetings = await summaryOf('weekly-update', 'meetings');
    expect(meetings.summary).toContain('Our quarterly review with the board is on 28 June at 10:00 in the Oslo room.');
    expect(meetings.summary).not.toContain('The mobile team fixed the login crash');
    expect(plain.actionItems).toEqual(['The car park on level 2 closes for repairs from 1 July, so please use the visitor spaces.']);
  });

  it('leaves out bare price lines, guest addresses and items that only repeat the subject', async () => {
    const text = [
      'Up to 40% off outdoor furniture',
      '',
      'Our spring sale is here: up to 40% off lounge sets. Take an extra 10% off with code PATIO10. Sale ends March 31.',
      '',
      '$1,899 $1,139',
      '',
      'guest@example.com',
    ].join('\n');
    const { summary } = await offline.summarise({ ...loadFixture('one-line'), kind: 'newsletter', subject: 'Spring sale: up to 40% off outdoor furniture', text });

    expect(summary.summary).toContain('code PATIO10');
    expect(summary.summary).toContain('Sale ends March 31.');
    expect(everything(summary)).not.toMatch(/\$1,899|guest@example\.com/);
    expect(summary.keyPoints).not.toContain('Up to 40% off outdoor furniture');
  });

  it('never makes the subject an action item', async () => {
    const request: SummaryRequest = { ...loadFixture('one-line'), subject: 'Please send the signed contract by Friday', text: 'Please send the signed contract by Friday\n\nThe fee is now €1,200 a month, up from €1,000.' };
    const { summary } = await offline.summarise(request);

    expect(summary.actionItems).toEqual([]);
    expect(summary.summary).toContain('€1,200 a month, up from €1,000');
  });

  it('gives the same summary for the same mail every time', async () => {
    for (const name of ['receipt-en', 'japanese', 'log-dump']) {
      const request = loadFixture(name, 'invoices and deadlines');
      expect(await offline.summarise(request)).toEqual(await offline.summarise(request));
    }
  });

  it('reports usage at about four characters per token', async () => {
    const request = loadFixture('one-line');
    const { summary, usage } = await offline.summarise(request);
    const out = [summary.title, summary.summary, ...summary.keyPoints, ...summary.actionItems].join('');
    expect(usage).toEqual({
      inputTokens: Math.ceil((request.subject.length + request.text.length) / 4),
      outputTokens: Math.ceil(out.length / 4),
    });
  });

  it('stays within the summary limits on a very long mail', async () => {
    const paragraph = 'The migration of the billing service continues with careful checks on every invoice run. ';
    const text = Array.from({ length: 400 }, (_, i) => `${paragraph}Step ${i} is done on 3 June at 10:00.\n- Item ${i} ${'detail '.repeat(80)}`).join('\n\n');
    const { summary } = await offline.summarise({ ...loadFixture('one-line'), subject: 'x'.repeat(500), text });
    expect(summary.title.length).toBeLessThanOrEqual(200);
    expect(summary.summary.length).toBeLessThanOrEqual(4_000);
    expect(summary.keyPoints.length).toBeLessThanOrEqual(10);
    expect(summary.actionItems.length).toBeLessThanOrEqual(10);
    for (const item of [...summary.keyPoints, ...summary.actionItems]) expect(item.length).toBeLessThanOrEqual(300);
  });

  it('still says something for a mail with no text', async () => {
    const { summary } = await offline.summarise({ ...loadFixture('one-line'), text: '', subject: '' });
    expect(summary.summary).toBe('The mail has no text.');
  });
});
