import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkZip, type Inflate } from '../../../../src/modules/mail/infra/attachments/extract/zip-guard.js';
import { docxFile, docxLyingSizes, encryptedEntryDocx, manyEntriesDocx, zipBombDocx } from '../../../support/attachment-files.js';
import { MB } from '../../../../src/shared/sizes.js';

const limits = { maxEntries: 1000, maxUncompressedBytes: 50 * MB };

/** inflateRawSync that records how much it was allowed to produce and how much it did produce. */
function watchedInflate(): { inflate: Inflate; allowed: number[]; produced: number[] } {
  const allowed: number[] = [];
  const produced: number[] = [];
  const inflate: Inflate = (data, options) => {
    allowed.push(options.maxOutputLength);
    const out = inflateRawSync(data, options);
    produced.push(out.length);
    return out;
  };
  return { inflate, allowed, produced };
}

describe('checkZip', () => {
  it('passes a valid DOCX and lists its entries with their real unpacked size', () => {
    const result = checkZip(docxFile(['Hello']), limits);

    expect(result).toMatchObject({ ok: true, names: ['[Content_Types].xml', '_rels/.rels', 'word/document.xml'] });
    expect(result.ok && result.uncompressedBytes).toBeGreaterThan(500);
  });

  it('refuses a ZIP bomb after inflating no more than the budget', () => {
    const watched = watchedInflate();

    const result = checkZip(zipBombDocx(), { maxEntries: 1000, maxUncompressedBytes: 2 * MB }, watched.inflate);

    expect(result).toEqual({ ok: false, problem: 'too-large', reason: 'expands to more than 2 MB when unpacked (a ZIP bomb?)' });
    expect(Math.max(...watched.allowed)).toBeLessThanOrEqual(2 * MB);
    expect(watched.produced.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(2 * MB);
  });

  it('refuses an archive whose headers understate what its entries unpack to', () => {
    const watched = watchedInflate();

    const result = checkZip(docxLyingSizes(), limits, watched.inflate);

    expect(result).toMatchObject({ ok: false, problem: 'too-large' });
    expect(watched.allowed.every((n) => n <= 50 * MB)).toBe(true);
  });

  it('refuses an entry whose real size differs from its declared one, even within the budget', () => {
    expect(checkZip(docxLyingSizes(4 * MB), limits)).toMatchObject({ ok: false, problem: 'damaged' });
  });

  it('refuses more entries than the limit before inflating any', () => {
    const watched = watchedInflate();

    const result = checkZip(manyEntriesDocx(5_000), limits, watched.inflate);

    expect(result).toEqual({ ok: false, problem: 'too-many-entries', reason: 'too many files packed inside (5,003; the limit is 1,000)' });
    expect(watched.allowed).toEqual([]);
  });

  it('reads the entry count of a zip64 archive and refuses it', () => {
    expect(checkZip(manyEntriesDocx(100_000), limits)).toMatchObject({ ok: false, problem: 'too-many-entries', reason: expect.stringContaining('100,003') });
    expect(checkZip(manyEntriesDocx(66_000), { ...limits, maxEntries: 100_000 })).toMatchObject({ ok: false, problem: 'zip64' });
  });

  it('refuses password-protected entries', () => {
    expect(checkZip(encryptedEntryDocx(), limits)).toEqual({ ok: false, problem: 'encrypted', reason: 'password-protected document' });
  });

  it('says what is not a ZIP and what is a cut-off one', () => {
    expect(checkZip(new TextEncoder().encode('plain text, no archive'), limits)).toMatchObject({ ok: false, problem: 'not-zip' });
    const docx = docxFile(['Hello']);
    expect(checkZip(docx.subarray(0, docx.length - 30), limits)).toMatchObject({ ok: false, problem: 'damaged' });
  });
});
