import { describe, expect, it } from 'vitest';
import { extractDocx } from '../../../../src/modules/mail/infra/attachments/extract/docx.extractor.js';
import { docxFile, docxLyingSizes, docxWithTable, encryptedEntryDocx, legacyDoc, manyEntriesDocx, zipBombDocx } from '../../../support/attachment-files.js';
import { MB } from '../../../../src/shared/sizes.js';

const limits = { maxPages: 200, maxChars: 100_000, maxZipEntries: 1000, maxUncompressedBytes: 50 * MB };

describe('extractDocx', () => {
  it('reads paragraphs, one per line with a blank line between', async () => {
    const result = await extractDocx(docxFile(['Dear team,', 'Fish & chips <Friday>.']), limits);

    expect(result).toEqual({ status: 'read', text: 'Dear team,\n\nFish & chips <Friday>.', pages: null, truncated: false });
  });

  it('reads a table as one line per row, each cell named by its column', async () => {
    const rows = [
      ['Item', 'Qty', 'Price'],
      ['Widget', '4', '12.00'],
      ['Gadget', '1', '3.50'],
    ];

    const result = await extractDocx(docxWithTable(rows), limits);

    expect(result).toMatchObject({ status: 'read', text: 'Item: Widget · Qty: 4 · Price: 12.00\nItem: Gadget · Qty: 1 · Price: 3.50' });
  });

  it('reads a two-column table as label: value lines', async () => {
    const result = await extractDocx(docxWithTable([['Name', 'Ada'], ['Role', 'Engineer']]), limits);

    expect(result).toMatchObject({ status: 'read', text: 'Name: Ada\nRole: Engineer' });
  });

  it('refuses a ZIP bomb before mammoth sees it', async () => {
    expect(await extractDocx(zipBombDocx(), limits)).toEqual({ status: 'not-read', reason: 'expands to more than 50 MB when unpacked (a ZIP bomb?)' });
  });

  it('refuses a file whose ZIP headers understate its size', async () => {
    expect(await extractDocx(docxLyingSizes(), limits)).toMatchObject({ status: 'not-read', reason: expect.stringContaining('expands to more than 50 MB') });
  });

  it('refuses a file with too many entries', async () => {
    expect(await extractDocx(manyEntriesDocx(2_000), limits)).toEqual({ status: 'not-read', reason: 'too many files packed inside (2,003; the limit is 1,000)' });
  });

  it('refuses an old .doc or an encrypted Office file', async () => {
    expect(await extractDocx(legacyDoc(), limits)).toEqual({ status: 'not-read', reason: 'encrypted or old Word format (.doc) is not read' });
  });

  it('refuses a password-protected entry', async () => {
    expect(await extractDocx(encryptedEntryDocx(), limits)).toEqual({ status: 'not-read', reason: 'password-protected document' });
  });

  it('calls anything else damaged', async () => {
    const damaged = { status: 'not-read', reason: 'damaged or unreadable Word file' };
    expect(await extractDocx(new TextEncoder().encode('not a zip at all'), limits)).toEqual(damaged);
    const docx = docxFile(['Hello']);
    expect(await extractDocx(docx.subarray(0, docx.length / 2), limits)).toEqual(damaged);
  });

  it('cuts long text at the character limit and says so', async () => {
    const result = await extractDocx(docxFile(['x'.repeat(500)]), { ...limits, maxChars: 100 });

    expect(result).toEqual({ status: 'read', text: 'x'.repeat(100), pages: null, truncated: true });
  });
});
