import JSZip from 'jszip';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { corruptPng, docxWithTable, legacyDoc, manyEntriesDocx, pdfFile, pngFile, zipBombDocx } from '../../../support/attachment-files.js';

/** The test file builders make files other readers accept too, not only ours. */
describe('attachment test files', () => {
  it('builds a PDF with a correct cross-reference table', () => {
    const pdf = pdfFile(['one', 'two']).toString('latin1');
    const xrefAt = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);

    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const offsets = [...pdf.slice(xrefAt).matchAll(/^(\d{10}) 00000 n\r$/gm)].map((match) => Number(match[1]));
    offsets.forEach((offset, i) => expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true));
  });

  it('builds DOCX files that JSZip opens', async () => {
    const zip = await JSZip.loadAsync(docxWithTable([['a', 'b']]));

    expect(Object.keys(zip.files)).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    expect(await zip.file('word/document.xml')?.async('string')).toContain('<w:tbl>');
    expect(Object.keys((await JSZip.loadAsync(manyEntriesDocx(10))).files)).toHaveLength(13);
  });

  it('builds a ZIP bomb of about a megabyte', () => {
    const bomb = zipBombDocx();

    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    expect(bomb.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
  });

  it('builds a PNG whose chunks carry correct CRCs, and a corrupt one', () => {
    const png = pngFile(3, 2);
    let at = 8;
    while (at < png.length) {
      const length = png.readUInt32BE(at);
      expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(png.subarray(at + 4, at + 8 + length)) >>> 0);
      at += 12 + length;
    }
    expect(at).toBe(png.length);
    expect(png.readUInt32BE(16)).toBe(3);
    expect(corruptPng().subarray(0, 8)).toEqual(png.subarray(0, 8));
  });

  it('builds an OLE header', () => {
    expect(legacyDoc().subarray(0, 8).toString('hex')).toBe('d0cf11e0a1b11ae1');
  });
});
