/**
 * The acceptance bar of the summaries: the labelled corpus in test/fixtures/mail through the real
 * pipeline on the embedded defaults (the same run as `npm run eval:summaries`).
 */
import { readFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { extractAttachment, formatOf } from '../../../src/modules/mail/infra/attachments/extract/extract-attachment.js';
import { loadCorpus } from '../../eval/corpus.js';
import { BAR, formatSummaryReport, runSummaryEval, type CaseResult, type SummaryReport } from '../../eval/summary-eval.js';

const corpus = loadCorpus();
const manualForwards = corpus.filter((item) => item.label.expect.forwardedBy !== null);
const ignored = corpus.filter((item) => item.label.expect.status === 'ignored');

/**
 * The text of a DOCX attachment (compressed inside its ZIP, so not in the bytes), read as the app reads
 * it; the ZIP guard refuses a bomb before anything is inflated. PDFs of the corpus keep their text
 * uncompressed and are read from their bytes: a PDF bomb is never opened in this process.
 */
async function docxText(attachment: { filename?: string; contentType: string; content: Buffer }): Promise<string> {
  if (formatOf(attachment.filename ?? '', attachment.contentType) !== 'docx') return '';
  const limits = { maxPages: 200, maxChars: 100_000, maxZipEntries: 2_000, maxUncompressedBytes: 50 * 1024 * 1024 };
  const read = await extractAttachment({ name: attachment.filename ?? '', contentType: attachment.contentType, bytes: new Uint8Array(attachment.content) }, limits);
  return read.status === 'read' ? read.text : '';
}

/** Every way the mail's text can be read (decoded parts, attachments, raw bytes in the 8-bit charsets), lower case, spaces collapsed. */
async function readableText(raw: Buffer): Promise<string> {
  const parsed = await simpleParser(raw);
  const html = typeof parsed.html === 'string' ? parsed.html.replace(/<[^>]+>/g, ' ') : '';
  const entities: Record<string, string> = { '&nbsp;': ' ', '&euro;': '€', '&amp;': '&', '&middot;': '·', '&ndash;': '–', '&bull;': '•' };
  const texts = [parsed.subject ?? '', parsed.text ?? '', html.replace(/&[a-z]+;/g, (entity) => entities[entity] ?? entity), raw.toString('latin1'), new TextDecoder('windows-1250').decode(raw)];
  const files = await Promise.all(parsed.attachments.map(async (attachment) => `${attachment.content.toString('utf8')}\n${await docxText(attachment)}`));
  return [...texts, ...files].join('\n').toLowerCase().replace(/\s+/g, ' ');
}

describe('the labels of the mail corpus', () => {
  it.each(corpus.map((item) => [item.id, item] as const))('%s: every fact and every forbidden string occurs in the mail itself', async (_id, item) => {
    const text = await readableText(item.raw);
    const absent = [...item.label.expect.facts, ...item.label.expect.mustNotAppear].filter((needle) => !text.includes(needle.toLowerCase().replace(/\s+/g, ' ')));
    expect(absent).toEqual([]);
  });
});

describe('summary quality on the labelled mail corpus', () => {
  let report: SummaryReport;
  const resultOf = (id: string): CaseResult => {
    const result = report.cases.find((item) => item.id === id);
    if (!result) throw new Error(`no result for ${id}`);
    return result;
  };
  const failures = (pick: (result: CaseResult) => boolean) =>
    report.cases.filter((result) => !pick(result)).map((result) => `${result.id}: ${[...result.problems, ...result.missedFacts.map((fact) => `missed "${fact}"`), ...result.leaks].join('; ')}`);

  // One run of the whole corpus: the pipeline is asynchronous (SMTP, jobs, worker) and PGlite starts slowly.
  beforeAll(async () => {
    report = await runSummaryEval({ migrated: new Blob([readFileSync(inject('pgliteTemplatePath'))]) });
    console.info(formatSummaryReport(report));
  }, 900_000);

  it('has a corpus of at least 44 labelled mails, with forwards, a refused forward and hostile mail', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(44);
    expect(manualForwards.length).toBeGreaterThanOrEqual(10);
    expect(ignored.length).toBeGreaterThanOrEqual(1);
    expect(report.cases).toHaveLength(corpus.length);
  });

  it('gives every mail its expected status (processed, or ignored where the label says so)', () => {
    expect(failures((result) => result.statusOk)).toEqual([]);
  });

  it(`keeps at least ${BAR.factRecall * 100}% of the labelled facts`, () => {
    const { factsFound, factsTotal } = report.totals;
    expect(factsFound / factsTotal, failures((result) => result.missedFacts.length === 0).join('\n')).toBeGreaterThanOrEqual(BAR.factRecall);
  });

  it('leaks nothing: no URL, footer, calendar boilerplate, quoted history, hidden text, AI note or repeated action item', () => {
    expect(failures((result) => result.leaks.length === 0)).toEqual([]);
  });

  it('heads every block and row with the original subject, without Fwd:/FW:/Re: chains', () => {
    expect(failures((result) => result.headingOk)).toEqual([]);
  });

  it('names the right sender on every block and row', () => {
    expect(failures((result) => result.senderOk)).toEqual([]);
  });

  it.each(manualForwards.map((item) => [item.id, item.label] as const))(
    '%s: the block and the row name the same original sender and subject, and the forwarder as "Forwarded by"',
    (id, label) => {
      const { row, block } = resultOf(id);
      const [fromLine = '', forwardedLine = ''] = (block?.meta ?? '').split('\n');
      expect({
        rowSubject: row?.subject,
        heading: block?.heading,
        rowSender: row?.sourceMail.toLowerCase(),
        fromLineNamesSender: fromLine.toLowerCase().includes(label.expect.sender.address.toLowerCase()),
        forwardedLineNamesForwarder: forwardedLine.startsWith('Forwarded by ') && forwardedLine.toLowerCase().includes(label.expect.forwardedBy?.toLowerCase() ?? '∅'),
      }).toEqual({
        rowSubject: label.expect.heading,
        heading: label.expect.heading,
        rowSender: label.expect.sender.address.toLowerCase(),
        fromLineNamesSender: true,
        forwardedLineNamesForwarder: true,
      });
    },
  );

  it.each(ignored.map((item) => [item.id, item.label] as const))('%s: is ignored with a reason naming the forwarder, and the row shows the forwarder', (id, label) => {
    const { row, block } = resultOf(id);
    expect(row?.status).toBe('ignored');
    expect(row?.reason).toContain(label.expect.reasonIncludes);
    expect(row?.sourceMail.toLowerCase()).toBe(label.expect.sender.address.toLowerCase());
    expect(block).toBeNull();
  });
});
