import { describe, expect, it } from 'vitest';
import { extractAttachment, formatOf, sniffFormat } from '../../../../src/modules/mail/infra/attachments/extract/extract-attachment.js';
import { docxFile, legacyDoc, pdfFile, pngFile } from '../../../support/attachment-files.js';

const limits = { maxPages: 200, maxChars: 100_000, maxZipEntries: 1000, maxUncompressedBytes: 50 * 1024 * 1024 };
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('formatOf', () => {
  it.each([
    ['report.pdf', 'application/pdf', 'pdf'],
    ['report.PDF', 'application/octet-stream', 'pdf'],
    ['letter', DOCX_TYPE, 'docx'],
    ['letter.docx', 'application/octet-stream; name="letter.docx"', 'docx'],
    ['notes.txt', 'text/plain; charset=utf-8', 'text'],
    ['data.csv', 'text/plain', 'csv'],
    ['data.csv', 'application/vnd.ms-excel', 'csv'],
    ['data', 'text/csv', 'csv'],
    ['README.md', 'text/plain', 'markdown'],
    ['README', 'text/markdown', 'markdown'],
    ['page.htm', 'application/octet-stream', 'html'],
    ['page', 'TEXT/HTML', 'html'],
    ['photo.jpg', 'image/jpeg', 'image'],
    ['scan.tiff', 'application/octet-stream', 'image'],
    ['sheet.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'unsupported'],
    ['invite.ics', 'text/calendar', 'unsupported'],
    ['old.doc', 'application/msword', 'unsupported'],
    ['blob', 'application/octet-stream', 'unsupported'],
  ])('%s as %s is %s', (name, contentType, format) => {
    expect(formatOf(name, contentType)).toBe(format);
  });
});

describe('sniffFormat', () => {
  it('knows PDF, DOCX and images by their first bytes', () => {
    expect(sniffFormat(pdfFile(['x']))).toBe('pdf');
    expect(sniffFormat(Buffer.concat([Buffer.from('junk before the header\n'), pdfFile(['x'])]))).toBe('pdf');
    expect(sniffFormat(docxFile(['x']))).toBe('docx');
    expect(sniffFormat(pngFile(2, 2))).toBe('image');
  });

  it('calls a ZIP without a Word document unsupported, and knows nothing of other bytes', () => {
    expect(sniffFormat(Buffer.from('PK\x03\x04 some other archive', 'latin1'))).toBe('unsupported');
    expect(sniffFormat(legacyDoc())).toBeNull();
    expect(sniffFormat(Buffer.from('hello'))).toBeNull();
    expect(sniffFormat(new Uint8Array(0))).toBeNull();
  });
});

describe('extractAttachment', () => {
  it('reads a PDF sent with a generic type and no extension, by its bytes', async () => {
    const result = await extractAttachment({ name: 'attachment', contentType: 'application/octet-stream', bytes: pdfFile(['Invoice 42']) }, limits);

    expect(result).toEqual({ status: 'read', text: 'Invoice 42', pages: 1, truncated: false });
  });

  it('reads a DOCX and a text file', async () => {
    expect(await extractAttachment({ name: 'a.docx', contentType: DOCX_TYPE, bytes: docxFile(['Hello']) }, limits)).toMatchObject({ status: 'read', text: 'Hello' });
    expect(await extractAttachment({ name: 'a.txt', contentType: 'text/plain', bytes: Buffer.from('Hi there') }, limits)).toMatchObject({ status: 'read', text: 'Hi there' });
  });

  it('leaves images to the caller', async () => {
    expect(await extractAttachment({ name: 'a.png', contentType: 'image/png', bytes: pngFile(2, 2) }, limits)).toEqual({
      status: 'not-read',
      reason: 'an image (its text is read only with OCR)',
    });
  });

  it('names the type it does not read', async () => {
    const xlsx = { name: 'Budget.XLSX', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes: Buffer.from('PK') };
    expect(await extractAttachment(xlsx, limits)).toEqual({ status: 'not-read', reason: 'this file type is not read (.xlsx)' });
    expect(await extractAttachment({ name: 'blob', contentType: 'application/zip', bytes: Buffer.from('PK') }, limits)).toEqual({
      status: 'not-read',
      reason: 'this file type is not read (application/zip)',
    });
  });
});
