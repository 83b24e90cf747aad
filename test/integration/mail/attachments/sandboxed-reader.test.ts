import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ReadAttachment } from '../../../../src/modules/mail/application/ports/attachment-reader.port.js';
import type { ReadLimits } from '../../../../src/modules/mail/infra/attachments/attachment-read.protocol.js';
import { SandboxedAttachmentReader, type SandboxOptions } from '../../../../src/modules/mail/infra/attachments/sandboxed.attachment-reader.js';
import { docxFile, hostileAttachments, invoicePdf, pdfBomb, pngFile } from '../../../support/attachment-files.js';
import { compose } from '../../../support/mime-samples.js';

const LIMITS: ReadLimits = { maxBytes: 20 * 1024 * 1024, maxAttachments: 20, maxPages: 200, maxChars: 100_000, maxZipEntries: 2_000, maxUncompressedBytes: 50 * 1024 * 1024, ocr: false, maxPixels: 40_000_000 };

function reader(options: Partial<SandboxOptions> = {}, limits: Partial<ReadLimits> = {}): SandboxedAttachmentReader {
  return new SandboxedAttachmentReader({ limits: { ...LIMITS, ...limits }, timeoutMs: 15_000, memoryMb: 512, ...options });
}

const E_TICKET = readFileSync(new URL('../../../fixtures/attachments/e-ticket.png', import.meta.url));
const byName = (found: ReadAttachment[], name: string) => found.find((attachment) => attachment.name === name);

describe('reading attachments in a sandboxed child process', () => {
  it('reads a PDF with its pages, a DOCX and a text file, and skips an inline logo', async () => {
    const raw = await compose({
      from: 'ada@example.com',
      subject: 'Documents',
      html: '<p>See attached.</p><img src="cid:logo@x">',
      attachments: [
        { filename: 'invoice-2291.pdf', content: invoicePdf() },
        { filename: 'amendment.docx', content: docxFile(['Amendment 3', 'The monthly fee becomes EUR 400 from 1 January 2027.']) },
        { filename: 'incident.txt', content: 'Outage from 02:10 to 02:55 UTC. Root cause: expired certificate.' },
        { filename: 'logo.png', content: pngFile(600, 200), cid: 'logo@x', contentDisposition: 'inline' },
      ],
    });
    const found = await reader().read(raw);

    expect(byName(found, 'invoice-2291.pdf')).toMatchObject({ status: 'read', pages: 2, text: expect.stringContaining('Total EUR 1,234.50') });
    expect(byName(found, 'amendment.docx')).toMatchObject({ status: 'read', text: expect.stringContaining('EUR 400 from 1 January 2027') });
    expect(byName(found, 'incident.txt')).toMatchObject({ status: 'read', text: expect.stringContaining('expired certificate') });
    expect(byName(found, 'logo.png')).toMatchObject({ status: 'skipped' });
  });

  it('ends each hostile file as not read with its reason and still reads the file after it', async () => {
    const raw = await compose({
      from: 'ada@example.com',
      subject: 'Hostile files',
      text: 'Totals below.',
      attachments: [
        ...hostileAttachments(),
        { filename: 'after.docx', content: docxFile(['Read after the hostile ones: order 5521 ships on 3 March.']) },
      ],
    });
    const found = await reader({}, { ocr: true }).read(raw);

    expect(found.map((attachment) => [attachment.name, attachment.status])).toEqual([
      ['bomb.pdf', 'not-read'],
      ['bomb.docx', 'not-read'],
      ['huge.pdf', 'not-read'],
      ['locked.pdf', 'not-read'],
      ['broken.pdf', 'not-read'],
      ['scan.png', 'not-read'],
      ['after.docx', 'read'],
    ]);
    expect(byName(found, 'bomb.pdf')?.reason).toMatch(/needs more than 512 MB of memory|took longer than/);
    expect(byName(found, 'bomb.docx')?.reason).toMatch(/expands to more than 50 MB/);
    expect(byName(found, 'huge.pdf')?.reason).toBe('over the 200-page limit (20,000 pages)');
    expect(byName(found, 'locked.pdf')?.reason).toBe('password-protected PDF');
    expect(byName(found, 'broken.pdf')?.reason).toMatch(/damaged/);
    expect(byName(found, 'scan.png')?.reason).toMatch(/^damaged or un/);
    expect(byName(found, 'after.docx')?.text).toContain('order 5521 ships on 3 March');
  });

  it('stops a file that runs past its deadline and goes on with the next one in a new process', async () => {
    const raw = await compose({
      from: 'ada@example.com',
      subject: 'Slow file',
      text: 'See attached.',
      attachments: [
        { filename: 'slow.pdf', content: pdfBomb() },
        { filename: 'notes.txt', content: 'Meeting moved to Thursday 10:00.' },
      ],
    });
    // Memory is not what stops it here: the deadline is.
    const found = await reader({ timeoutMs: 100, memoryMb: 4_096 }).read(raw);
    expect(byName(found, 'slow.pdf')).toMatchObject({ status: 'not-read', reason: 'took longer than 0.1 s' });
    expect(byName(found, 'notes.txt')).toMatchObject({ status: 'read', text: 'Meeting moved to Thursday 10:00.' });
  });

  it('reads text in an image only when OCR is on', async () => {
    const raw = await compose({ from: 'ada@example.com', subject: 'Your e-ticket', text: '', attachments: [{ filename: 'e-ticket.png', content: E_TICKET }] });
    expect(byName(await reader().read(raw), 'e-ticket.png')).toMatchObject({ status: 'not-read', reason: 'text in images is not read (OCR is off)' });
    const read = byName(await reader({}, { ocr: true }).read(raw), 'e-ticket.png');
    expect(read?.status).toBe('read');
    expect(read?.text).toContain('4471-KX');
    expect(read?.text).toContain('14:35');
  });

  it('refuses files over the size limit and past the number of files per mail without opening them', async () => {
    const raw = await compose({
      from: 'ada@example.com',
      subject: 'Many files',
      text: 'Files.',
      attachments: [
        { filename: 'big.txt', content: 'x'.repeat(40_000) },
        { filename: 'one.txt', content: 'First file.' },
        { filename: 'two.txt', content: 'Second file.' },
      ],
    });
    const found = await reader({}, { maxBytes: 30_000, maxAttachments: 2 }).read(raw);
    expect(found.map((attachment) => [attachment.name, attachment.status, attachment.reason])).toEqual([
      ['big.txt', 'not-read', 'over the 29 KB limit'],
      ['one.txt', 'read', null],
      ['two.txt', 'not-read', 'more than 2 attachments in one mail'],
    ]);
  });
});
