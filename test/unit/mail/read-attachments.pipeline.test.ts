import { beforeEach, describe, expect, it } from 'vitest';
import type { ReadAttachment } from '../../../src/modules/mail/application/ports/attachment-reader.port.js';
import type { ParsedMail } from '../../../src/modules/mail/application/ports/mail-parser.port.js';
import { OfflineSummariser, type Llm, type SummaryRequest } from '../../../src/modules/summarization/index.js';
import { FixedAttachmentReader, FixedMailParser } from '../../support/fakes/in-memory-mail.js';
import { OWNER, processMailHarness, type ProcessMailHarness } from '../../support/process-mail-harness.js';
import { testConfig } from '../../support/test-config.js';

/** The offline summariser, remembering what it was asked. */
class RecordingLlm implements Llm {
  requests: SummaryRequest[] = [];
  private readonly offline = new OfflineSummariser();
  summarise(request: SummaryRequest) {
    this.requests.push(request);
    return this.offline.summarise(request);
  }
}

const PDF_PART: ParsedMail['attachments'][number] = { filename: 'invoice-2291.pdf', contentType: 'application/pdf', size: 2_000, inline: false, role: 'content' };

function readFile(overrides: Partial<ReadAttachment> = {}): ReadAttachment {
  return {
    name: 'invoice-2291.pdf',
    contentType: 'application/pdf',
    size: 2_000,
    status: 'read',
    reason: null,
    pages: 1,
    text: 'Invoice 2291\nTotal EUR 1,234.50, due 15 Dec 2026.',
    truncated: false,
    ...overrides,
  };
}

function mailWith(body: string, attachments: ParsedMail['attachments'] = [PDF_PART]): FixedMailParser {
  const parser = new FixedMailParser({ attachments });
  const parse = parser.parse.bind(parser);
  parser.parse = async () => {
    const parsed = await parse();
    return { ...parsed, structured: { ...parsed.structured, body } };
  };
  return parser;
}

describe('a mail with attachments', () => {
  let llm: RecordingLlm;
  let harness: ProcessMailHarness;
  const row = () => harness.messages.rows.get('mail-1');
  const block = () => harness.store.docs.get(harness.externalId)?.blocks[0];

  beforeEach(() => {
    llm = new RecordingLlm();
  });

  it('summarises the text of a PDF, names it in the block and charges for its characters', async () => {
    const reader = new FixedAttachmentReader([readFile()]);
    harness = await processMailHarness({ llm, parser: mailWith('Please find attached our invoice.'), attachmentReader: reader });
    await harness.process.execute('mail-1');

    expect(row()).toMatchObject({ status: 'processed', usedTokens: 1 });
    expect(llm.requests[0]?.attachments).toEqual([{ name: 'invoice-2291.pdf', text: 'Invoice 2291\nTotal EUR 1,234.50, due 15 Dec 2026.' }]);
    expect(block()?.meta).toContain('Attachments: invoice-2291.pdf (1 page)');
    expect(block()?.body).toContain('1,234.50');
  });

  it('reads the attachments once: a retry after the cost was recorded finds their text kept', async () => {
    const reader = new FixedAttachmentReader([readFile()]);
    const failing: Llm = { summarise: () => Promise.reject(new Error('model down')) };
    harness = await processMailHarness({ llm: failing, parser: mailWith('See attached.'), attachmentReader: reader });
    await harness.process.execute('mail-1');
    expect(row()?.parsed?.mail?.attachments?.[0]?.text).toContain('Invoice 2291');
    await harness.messages.requeue('mail-1');
    await harness.process.execute('mail-1');
    expect(reader.calls).toBe(1);
  });

  it('never opens the files of a sender who is not on the allow-list', async () => {
    const reader = new FixedAttachmentReader([readFile()]);
    const parser = mailWith('Invoice attached.');
    parser.mail.from = { address: 'mallory@example.net', name: 'Mallory' };
    harness = await processMailHarness({ llm, parser, attachmentReader: reader });
    await harness.process.execute('mail-1');
    expect(row()?.status).toBe('ignored');
    expect(reader.calls).toBe(0);
  });

  it('costs nothing and asks no model when the only attachment cannot be read and the mail has no text', async () => {
    const reader = new FixedAttachmentReader([readFile({ status: 'not-read', reason: 'password-protected PDF', pages: null, text: '' })]);
    harness = await processMailHarness({ llm, parser: mailWith(''), attachmentReader: reader });
    await harness.process.execute('mail-1');

    expect(row()).toMatchObject({ status: 'processed', usedTokens: 0, reason: 'Nothing to summarise: the mail has no text and no attachment that could be read.' });
    expect(llm.requests).toHaveLength(0);
    expect(block()?.meta).toContain('invoice-2291.pdf (not read: password-protected PDF)');
    expect((await harness.ledger.balanceOf(OWNER)).additionalTokens).toBe(5);
  });

  it('costs nothing for an empty mail without attachments', async () => {
    harness = await processMailHarness({ llm, parser: mailWith('', []) });
    await harness.process.execute('mail-1');
    expect(row()).toMatchObject({ status: 'processed', usedTokens: 0 });
    expect(llm.requests).toHaveLength(0);
    expect((await harness.ledger.balanceOf(OWNER)).additionalTokens).toBe(5);
  });

  it('does not list skipped parts such as an inline logo', async () => {
    const reader = new FixedAttachmentReader([readFile(), readFile({ name: 'image001.png', contentType: 'image/png', status: 'skipped', reason: 'not content', pages: null, text: '' })]);
    harness = await processMailHarness({ llm, parser: mailWith('Invoice attached.'), attachmentReader: reader });
    await harness.process.execute('mail-1');
    expect(block()?.meta).not.toContain('image001.png');
  });

  it('says in the block when the cap cut the text, and charges only what was summarised', async () => {
    const config = testConfig({ MAX_INPUT_CHARS: '3000', CHARS_PER_TOKEN: '1000' });
    const reader = new FixedAttachmentReader([readFile({ name: 'log.txt', pages: null, text: 'line of the log\n'.repeat(1_000) })]);
    harness = await processMailHarness({ llm, config, parser: mailWith('The log is attached.'), attachmentReader: reader });
    await harness.process.execute('mail-1');

    // 15,999 characters of log once normalised, the subject "Invoice" and the body: cut at 3,000.
    expect(row()).toMatchObject({ status: 'processed', usedTokens: 3 });
    expect(block()?.meta).toMatch(/Read the first 3,000 characters of 16,0\d\d\./);
    const request = llm.requests[0];
    expect((request?.subject.length ?? 0) + (request?.text.length ?? 0) + (request?.attachments?.[0]?.text.length ?? 0)).toBe(3_000);
  });

  it('does not open a reader when the parser found no file worth reading', async () => {
    const reader = new FixedAttachmentReader([readFile()]);
    harness = await processMailHarness({ llm, parser: mailWith('Hello', [{ ...PDF_PART, filename: 'logo.png', contentType: 'image/png', inline: true, role: 'skip' }]), attachmentReader: reader });
    await harness.process.execute('mail-1');
    expect(reader.calls).toBe(0);
    expect(row()?.status).toBe('processed');
  });

  it('tells the summariser who reads the document: its owner', async () => {
    harness = await processMailHarness({ llm, parser: mailWith('Could you approve the invoice by Friday?', []) });
    await harness.process.execute('mail-1');
    expect(llm.requests[0]?.reader).toEqual({ name: 'Olive Owner', address: 'owner@example.com' });
  });
});
