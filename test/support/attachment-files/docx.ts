/**
 * DOCX builders: the smallest valid Word documents (paragraphs or a table) and an old binary .doc header.
 * The parts of a DOCX package are exported for the hostile DOCX files in hostile.ts.
 */
import { entry, zip } from './zip.js';

function xml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

export const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
export const RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';

export function paragraphXml(text: string): string {
  return `<w:p><w:r><w:t xml:space="preserve">${xml(text)}</w:t></w:r></w:p>`;
}

export function documentXml(body: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`
  );
}

function docx(body: string): Buffer {
  return zip([entry('[Content_Types].xml', CONTENT_TYPES), entry('_rels/.rels', RELS), entry('word/document.xml', documentXml(body))]);
}

/** A valid minimal DOCX, one `w:p` paragraph per string. */
export function docxFile(paragraphs: string[]): Buffer {
  return docx(paragraphs.map(paragraphXml).join(''));
}

/** A valid minimal DOCX holding one `w:tbl`, one `w:tr` per row and one cell per string. */
export function docxWithTable(rows: string[][]): Buffer {
  const tr = (cells: string[]) => `<w:tr>${cells.map((c) => `<w:tc>${paragraphXml(c)}</w:tc>`).join('')}</w:tr>`;
  return docx(`<w:tbl>${rows.map(tr).join('')}</w:tbl>`);
}

/**
 * An OLE compound file header (D0 CF 11 E0 A1 B1 1A E1) padded to 1 KB: what an old .doc or a
 * password-protected Office file starts with.
 */
export function legacyDoc(): Buffer {
  const bytes = Buffer.alloc(1024);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes);
  bytes.writeUInt16LE(0x003e, 24); // minor version
  bytes.writeUInt16LE(0x0003, 26); // major version 3
  bytes.writeUInt16LE(0xfffe, 28); // little-endian byte order mark
  bytes.writeUInt16LE(9, 30); // 512-byte sectors
  return bytes;
}
