import { describe, expect, it } from 'vitest';
import { extractPdf } from '../../../../src/modules/mail/infra/attachments/extract/pdf.extractor.js';
import { corruptPdf, encryptedPdf, manyPagesPdf, pdfBomb, pdfFile, scannedPdf } from '../../../support/attachment-files.js';

const limits = { maxPages: 200, maxChars: 100_000, maxZipEntries: 1000, maxUncompressedBytes: 50 * 1024 * 1024 };

describe('extractPdf', () => {
  it('reads a two-page PDF with its page count, lines kept and pages separated by a blank line', async () => {
    const bytes = pdfFile(['Quarterly report (draft)\nRevenue rose 4%', 'Costs: see C:\\finance'], { title: 'Report' });

    const result = await extractPdf(bytes, limits);

    expect(result).toEqual({ status: 'read', text: 'Quarterly report (draft)\nRevenue rose 4%\n\nCosts: see C:\\finance', pages: 2, truncated: false });
  });

  it('leaves the caller’s bytes usable after reading', async () => {
    const bytes = new Uint8Array(pdfFile(['Hello']));

    await extractPdf(bytes, limits);

    expect(bytes.byteLength).toBeGreaterThan(0);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  });

  it('refuses a password-protected PDF', async () => {
    expect(await extractPdf(encryptedPdf(), limits)).toEqual({ status: 'not-read', reason: 'password-protected PDF' });
  });

  it('refuses a damaged PDF', async () => {
    expect(await extractPdf(corruptPdf(), limits)).toEqual({ status: 'not-read', reason: 'damaged or unreadable PDF' });
  });

  it('refuses a PDF over the page limit from its page count, without reading its pages', async () => {
    const bytes = manyPagesPdf(20_000);

    const result = await extractPdf(bytes, limits);

    // How long the refusal takes is in the attachment benchmark (test/bench/attachments), not a limit here.
    expect(result).toEqual({ status: 'not-read', reason: 'over the 200-page limit (20,000 pages)' });
  });

  it('reads a PDF at exactly the page limit', async () => {
    const result = await extractPdf(manyPagesPdf(3), { ...limits, maxPages: 3 });

    expect(result).toEqual({ status: 'read', text: 'Page\n\nPage\n\nPage', pages: 3, truncated: false });
  });

  it('says a PDF without a text layer is a scanned document', async () => {
    expect(await extractPdf(scannedPdf(), limits)).toEqual({ status: 'not-read', reason: 'no text layer (a scanned document)' });
  });

  it('stops reading pages once the character limit is reached, and says the text was cut', async () => {
    const bytes = pdfFile(['a'.repeat(40), 'b'.repeat(40), 'c'.repeat(40), 'd'.repeat(40)]);

    const result = await extractPdf(bytes, { ...limits, maxChars: 50 });

    expect(result).toEqual({ status: 'read', text: `${'a'.repeat(40)}\n\n${'b'.repeat(8)}`, pages: 2, truncated: true });
  });

  it('builds a small bomb file (opened only in a sandboxed child: it inflates to 1 GiB)', () => {
    const bytes = pdfBomb();

    expect(bytes.length).toBeLessThan(1_200_000);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
