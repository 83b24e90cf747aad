import { describe, expect, it } from 'vitest';
import type { Summary } from '../../../src/modules/summarization/application/ports/llm.port.js';
import { OfflineSummariser } from '../../../src/modules/summarization/infra/offline.summariser.js';
import { loadFixture } from './fixtures/load-fixture.js';

const offline = new OfflineSummariser();

async function summaryOf(fixture: string): Promise<Summary> {
  return (await offline.summarise(loadFixture(fixture))).summary;
}

function everything(summary: Summary): string {
  return [summary.title, summary.summary, ...summary.keyPoints, ...summary.actionItems].join('\n');
}

describe('OfflineSummariser on real-world mail', () => {
  it('summarises a marketing newsletter by its news, without its footer, links or pleasantries', async () => {
    const summary = await summaryOf('marketing-newsletter');

    expect(summary.title).toBe('Tidewater monthly: offline sync is here, and a price change');
    expect(summary.summary).toContain('Offline sync is now available on every plan');
    expect(summary.summary).toContain('Starting July 1, Tidewater Pro will cost $12 per user per month, up from $10.');
    expect(summary.keyPoints).toEqual(
      expect.arrayContaining(['Board templates for sprint planning and retrospectives', 'Dark mode for the mobile apps']),
    );
    const text = everything(summary);
    for (const junk of [/unsubscribe/i, /browser/i, /privacy/i, /all rights reserved/i, /©/, /Market St/, /logo/i, /shop now/i, /read more/i, /hope you/i, /thanks for reading/i, /follow us/i, /http|utm_|tidewater\.example/]) {
      expect(text).not.toMatch(junk);
    }
  });

  it('summarises the newest message of a reply thread, not the quoted history or the signature', async () => {
    const summary = await summaryOf('reply-thread');

    expect(summary.title).toBe('Vendor review and Q2 budget');
    expect(summary.summary).toContain("I've moved the vendor review to Thursday at 14:00 so that Finance can join us.");
    expect(summary.actionItems).toEqual(['Could you send the updated budget sheet by Wednesday noon?']);
    const text = everything(summary);
    for (const junk of [/Attached are the Q2 numbers/, /keep the vendor review on Tuesday/, /wrote:/, /Head of Operations/, /\+48/, /^Best/m, /Hi Marek/]) {
      expect(text).not.toMatch(junk);
    }
  });

  it('summarises a Polish business mail and finds its deadline', async () => {
    const summary = await summaryOf('polish-deadline');

    expect(summary.summary).toContain('proszę o przesłanie kompletu faktur kosztowych za I kwartał do piątku, 14 czerwca 2024 r.');
    expect(summary.summary).toContain('Audytorzy z firmy Rewident Sp. z o.o. rozpoczną pracę w naszej siedzibie 17 czerwca o godz. 9:00.');
    expect(summary.actionItems[0]).toContain('do piątku, 14 czerwca 2024 r.');
    const text = everything(summary);
    for (const junk of [/Dzień dobry/, /Z poważaniem/, /Główna Księgowa/, /Marszałkowska/, /NIP/, /KRS/, /poufna/, /W razie pytań/]) {
      expect(text).not.toMatch(junk);
    }
  });

  it('summarises a one-line mail as that line, without the mobile signature', async () => {
    const summary = await summaryOf('one-line');

    expect(summary).toEqual({
      title: 'lunch tomorrow',
      summary: "Can we move tomorrow's lunch with the design team to 13:00?",
      keyPoints: [],
      actionItems: ["Can we move tomorrow's lunch with the design team to 13:00?"],
    });
  });

  it('summarises what was forwarded, without the forwarding headers, and finds the RSVP', async () => {
    const summary = await summaryOf('forwarded-invitation');

    expect(summary.title).toBe('Invitation: Data Platform Summit, 12 September');
    expect(summary.summary).toContain('You are invited to the Data Platform Summit on 12 September in the Kraków Congress Centre.');
    expect(summary.actionItems).toEqual(['Please RSVP by 20 June so that we can confirm your seat.']);
    const text = everything(summary);
    for (const junk of [/Forwarded message/, /events@dataplatform/, /^From:|^To:|^Date:/m, /Dear Ada/, /Kind regards/, /Summit Team$/m, /http/]) {
      expect(text).not.toMatch(junk);
    }
  });

  it('gives the same summary for the same mail every time', async () => {
    const request = loadFixture('marketing-newsletter');
    const first = await offline.summarise(request);
    const second = await offline.summarise(request);
    expect(second).toEqual(first);
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
    const text = Array.from({ length: 400 }, (_, i) => `${paragraph}Step ${i} is done.\n- Item ${i} ${'detail '.repeat(80)}`).join('\n\n');
    const { summary } = await offline.summarise({ ...loadFixture('one-line'), subject: 'x'.repeat(500), text });
    expect(summary.title.length).toBeLessThanOrEqual(200);
    expect(summary.summary.length).toBeLessThanOrEqual(4_000);
    expect(summary.keyPoints.length).toBeLessThanOrEqual(10);
    for (const item of [...summary.keyPoints, ...summary.actionItems]) expect(item.length).toBeLessThanOrEqual(300);
  });

  it('still says something for a mail with no text', async () => {
    const { summary } = await offline.summarise({ ...loadFixture('one-line'), text: '', subject: '' });
    expect(summary.summary).toBe('The mail has no text.');
  });
});
