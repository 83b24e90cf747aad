/**
 * Real attachment files built in memory, without network or fixtures on disk: small valid PDFs, DOCX
 * and PNG files, and hostile ones (encrypted, damaged, huge page counts, decompression bombs).
 *
 * ZIP files are written by hand rather than with `jszip`: JSZip 3 only generates asynchronously, these
 * builders return a `Buffer` synchronously, and the hostile ZIPs need headers JSZip would never write.
 * Tests check the valid ones open in `jszip`.
 */
import { crc32, constants as zlibConstants, deflateRawSync, deflateSync } from 'node:zlib';

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;

// ---------------------------------------------------------------------------------------------- PDF

/** Escapes a PDF literal string: `(`, `)` and `\` are special inside `( … )`. */
function pdfString(text: string): string {
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** A content stream drawing each line of `text` in 12 pt Helvetica, one `T*` per line break. */
function pageContent(text: string): string {
  const lines = text.split('\n').map((line) => `${pdfString(line)} Tj`);
  return `BT /F1 12 Tf 14 TL 72 720 Td ${lines.join(' T* ')} ET`;
}

/**
 * Serialises numbered objects (object n is `objects[n - 1]`, already `<<…>>` or `<<…>>stream…endstream`)
 * with a correct xref table. Bodies are Latin-1 strings, except `Buffer` parts for binary streams.
 */
function assemblePdf(objects: (string | Buffer[])[], trailerExtra = ''): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const chunks = [Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), ...(typeof body === 'string' ? [Buffer.from(body, 'latin1')] : body), Buffer.from('\nendobj\n', 'latin1')];
    for (const chunk of chunks) {
      parts.push(chunk);
      offset += chunk.length;
    }
  });
  // Each xref entry is exactly 20 bytes: 10-digit offset, 5-digit generation, type, CR LF.
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f\r\n'];
  for (const at of offsets) xref.push(`${String(at).padStart(10, '0')} 00000 n\r\n`);
  xref.push(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${offset}\n%%EOF\n`);
  parts.push(Buffer.from(xref.join(''), 'latin1'));
  return Buffer.concat(parts);
}

function streamObject(content: string, dict = ''): string {
  return `<< /Length ${Buffer.byteLength(content, 'latin1')} ${dict}>>\nstream\n${content}\nendstream`;
}

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';

/**
 * A valid PDF 1.4 with one page per string; `\n` inside a string starts a new text line. Latin-1 text.
 * Objects: 1 catalog, 2 pages, 3 font, 4 info, then a page and its content stream per page.
 */
export function pdfFile(pages: string[], options: { title?: string } = {}): Buffer {
  const first = 5;
  const kids = pages.map((_, i) => `${first + 2 * i} 0 R`).join(' ');
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`,
    FONT,
    `<< /Producer (Mailscribe tests)${options.title === undefined ? '' : ` /Title ${pdfString(options.title)}`} >>`,
  ];
  pages.forEach((text, i) => {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${first + 2 * i + 1} 0 R >>`,
      streamObject(pageContent(text)),
    );
  });
  return assemblePdf(objects, '/Info 4 0 R ');
}

/**
 * A one-page PDF whose trailer names a Standard security handler (RC4, 40-bit) with made-up O/U
 * entries: the empty user password does not match, so PDF.js asks for a password.
 */
export function encryptedPdf(): Buffer {
  const o = '<' + 'a5'.repeat(32) + '>';
  const u = '<' + '3c'.repeat(32) + '>';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    `<< /Filter /Standard /V 1 /R 2 /O ${o} /U ${u} /P -44 >>`,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 6 0 R >> >> /Contents 5 0 R >>',
    streamObject('BT /F1 12 Tf 72 720 Td (secret) Tj ET'),
    FONT,
  ];
  return assemblePdf(objects, '/Encrypt 3 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>] ');
}

/** A one-page PDF with no text layer: the page only draws a small grey image, like a scan. */
export function scannedPdf(): Buffer {
  const pixels = Buffer.alloc(64 * 64, 0x80).toString('latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>',
    streamObject('q 468 0 0 648 72 72 cm /Im1 Do Q'),
    streamObject(pixels, '/Type /XObject /Subtype /Image /Width 64 /Height 64 /ColorSpace /DeviceGray /BitsPerComponent 8 '),
  ];
  return assemblePdf(objects);
}

/** A PDF with `pageCount` pages in one flat page tree, all sharing one content stream ("Page"). */
export function manyPagesPdf(pageCount: number): Buffer {
  const first = 5;
  const kids: string[] = [];
  for (let i = 0; i < pageCount; i++) kids.push(`${first + i} 0 R`);
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pageCount} /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> >>`,
    FONT,
    streamObject(pageContent('Page')),
  ];
  const page = '<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>';
  for (let i = 0; i < pageCount; i++) objects.push(page);
  return assemblePdf(objects);
}

/**
 * Raw deflate data for `bytes` zero bytes (a multiple of 1 MiB) built from one compressed 1 MiB segment
 * repeated: a full flush ends each segment on a byte boundary with no back-references across it, so
 * copies concatenate into one valid stream, closed by an empty final block. About 1 KB per MiB.
 */
function zeroDeflateRaw(bytes: number): Buffer {
  if (bytes % MIB !== 0) throw new Error('zeroDeflateRaw takes whole MiB');
  const segment = deflateRawSync(Buffer.alloc(MIB), { level: 9, finishFlush: zlibConstants.Z_FULL_FLUSH });
  const finalEmptyBlock = Buffer.from([0x03, 0x00]);
  return Buffer.concat([...Array<Buffer>(bytes / MIB).fill(segment), finalEmptyBlock]);
}

/** zlib (RFC 1950) framing around `zeroDeflateRaw`; Adler-32 of n zeros is a = 1, b = n mod 65521. */
function zeroDeflateZlib(bytes: number): Buffer {
  const adler = Buffer.alloc(4);
  adler.writeUInt16BE(bytes % 65521, 0);
  adler.writeUInt16BE(1, 2);
  return Buffer.concat([Buffer.from([0x78, 0xda]), zeroDeflateRaw(bytes), adler]);
}

/** Size `pdfBomb` inflates its content stream to: 1 GiB of NUL bytes (PDF whitespace). */
export const PDF_BOMB_INFLATED_BYTES = GIB;

/**
 * A one-page PDF of about 1 MB whose FlateDecode content stream inflates to 1 GiB of zero bytes.
 * Never open it in the test process: only in a sandboxed child with a memory cap.
 */
export function pdfBomb(): Buffer {
  const data = zeroDeflateZlib(PDF_BOMB_INFLATED_BYTES);
  const objects: (string | Buffer[])[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    FONT,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
    [Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')],
  ];
  return assemblePdf(objects);
}

/** `%PDF-1.4` followed by bytes that are no PDF at all. */
export function corruptPdf(): Buffer {
  const garbage = Buffer.alloc(2048);
  for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919 + 13) % 251;
  return Buffer.concat([Buffer.from('%PDF-1.4\n', 'latin1'), garbage]);
}

// ---------------------------------------------------------------------------------------------- ZIP

interface ZipEntry {
  name: string;
  /** Bytes as stored in the archive (already deflated when `method` is 8). */
  data: Buffer;
  method: 0 | 8;
  crc: number;
  /** Uncompressed size written into both headers (may lie). */
  size: number;
  /** General purpose flag (bit 0: encrypted). */
  flags?: number;
}

function entry(name: string, content: Buffer | string, method: 0 | 8 = 8): ZipEntry {
  const raw = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return { name, data: method === 8 ? deflateRawSync(raw) : raw, method, crc: crc32(raw), size: raw.length };
}

/** Writes a classic (non-zip64) ZIP: local headers and data, central directory, end record. */
function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE((e.flags ?? 0) | 0x0800, 6); // bit 11: UTF-8 names
    local.writeUInt16LE(e.method, 8);
    local.writeUInt16LE(0, 10); // time
    local.writeUInt16LE(0x21, 12); // date: 1980-01-01
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, e.data);

    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4); // version made by
    local.copy(cd, 6, 4, 30); // version needed … name length: same fields as the local header
    cd.writeUInt16LE(0, 30); // extra length
    cd.writeUInt16LE(0, 32); // comment length
    cd.writeUInt32LE(offset, 42);
    central.push(cd, name);
    offset += 30 + name.length + e.data.length;
  }
  const cdSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(cdSize, 12);
  end.writeUInt32LE(offset, 16);
  // Over 65,535 entries the classic end record cannot count them: 0xFFFF there points to zip64 records.
  const zip64 = entries.length >= 0xffff ? zip64End(entries.length, cdSize, offset) : [];
  return Buffer.concat([...locals, ...central, ...zip64, end]);
}

/** Zip64 end of central directory record and its locator, written just before the classic end record. */
function zip64End(count: number, cdSize: number, cdOffset: number): Buffer[] {
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4); // size of the rest of the record
  record.writeUInt16LE(45, 12); // version made by
  record.writeUInt16LE(45, 14); // version needed
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(cdSize), 40);
  record.writeBigUInt64LE(BigInt(cdOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(cdOffset + cdSize), 8);
  locator.writeUInt32LE(1, 16); // total number of disks
  return [record, locator];
}

function xml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';

function paragraphXml(text: string): string {
  return `<w:p><w:r><w:t xml:space="preserve">${xml(text)}</w:t></w:r></w:p>`;
}

function documentXml(body: string): string {
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

/** CRC-32 of `bytes` zero bytes, in 1 MiB steps (cached: it takes about a second per GiB). */
const zeroCrcs = new Map<number, number>();
function zeroCrc(bytes: number): number {
  const known = zeroCrcs.get(bytes);
  if (known !== undefined) return known;
  const chunk = Buffer.alloc(MIB);
  let crc = 0;
  for (let done = 0; done < bytes; done += MIB) crc = crc32(chunk, crc);
  zeroCrcs.set(bytes, crc);
  return crc;
}

/** What `zipBombDocx` inflates to: `word/document.xml` of 1 GiB of zero bytes (the archive is ~1 MB). */
export const ZIP_BOMB_INFLATED_BYTES = GIB;

/** A DOCX-looking ZIP whose `word/document.xml` inflates to 1 GiB; honest headers and CRC. */
export function zipBombDocx(): Buffer {
  const bomb: ZipEntry = { name: 'word/document.xml', data: zeroDeflateRaw(ZIP_BOMB_INFLATED_BYTES), method: 8, crc: zeroCrc(ZIP_BOMB_INFLATED_BYTES), size: ZIP_BOMB_INFLATED_BYTES };
  return zip([entry('[Content_Types].xml', CONTENT_TYPES), entry('_rels/.rels', RELS), bomb]);
}

/** What `docxLyingSizes` really inflates to by default: 256 MiB, while its headers claim 1 KB. */
export const LYING_SIZES_INFLATED_BYTES = 256 * MIB;

/**
 * A DOCX-looking ZIP whose headers declare a 1 KB `word/document.xml` (and a made-up CRC) that really
 * inflates to `realBytes` zero bytes (whole MiB; 256 MiB by default).
 */
export function docxLyingSizes(realBytes = LYING_SIZES_INFLATED_BYTES): Buffer {
  const liar: ZipEntry = { name: 'word/document.xml', data: zeroDeflateRaw(realBytes), method: 8, crc: 0x12345678, size: 1024 };
  return zip([entry('[Content_Types].xml', CONTENT_TYPES), entry('_rels/.rels', RELS), liar]);
}

/**
 * A valid DOCX plus `count` tiny stored entries (`word/media/fN.txt`), about 100 bytes each. From 65,535
 * entries on it needs (and has) zip64 end records.
 */
export function manyEntriesDocx(count: number): Buffer {
  const entries = [entry('[Content_Types].xml', CONTENT_TYPES), entry('_rels/.rels', RELS), entry('word/document.xml', documentXml(paragraphXml('Many entries')))];
  const one = Buffer.from('x');
  const crc = crc32(one);
  for (let i = 0; i < count; i++) entries.push({ name: `word/media/f${i}.txt`, data: one, method: 0, crc, size: 1 });
  return zip(entries);
}

/** A DOCX whose `word/document.xml` is marked encrypted (general purpose flag bit 0). */
export function encryptedEntryDocx(): Buffer {
  const doc = entry('word/document.xml', documentXml(paragraphXml('secret')));
  return zip([entry('[Content_Types].xml', CONTENT_TYPES), entry('_rels/.rels', RELS), { ...doc, flags: 1 }]);
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

// ---------------------------------------------------------------------------------------------- PNG

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A valid 8-bit grey PNG of `width` × `height`, a horizontal gradient. */
export function pngFile(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(0, 9); // colour type: greyscale
  const rows = Buffer.alloc((width + 1) * height); // each row: filter byte 0, then one byte per pixel
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rows[y * (width + 1) + 1 + x] = Math.floor((x * 255) / Math.max(1, width - 1));
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(rows)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A PNG signature and IHDR followed by a truncated IDAT with a wrong CRC. */
export function corruptPng(): Buffer {
  const good = pngFile(4, 4);
  const cut = good.subarray(0, 33 + 20);
  return Buffer.concat([cut, Buffer.from('garbage')]);
}

/**
 * One of each hostile file the reader must survive, as a mail's attachments: a PDF bomb, a DOCX ZIP
 * bomb, a 20,000-page PDF, an encrypted PDF, a damaged PDF and a damaged image (a real PNG header over
 * junk, large enough not to be skipped as a tracking pixel).
 */
export function hostileAttachments(): { filename: string; content: Buffer }[] {
  return [
    { filename: 'bomb.pdf', content: pdfBomb() },
    { filename: 'bomb.docx', content: zipBombDocx() },
    { filename: 'huge.pdf', content: manyPagesPdf(20_000) },
    { filename: 'locked.pdf', content: encryptedPdf() },
    { filename: 'broken.pdf', content: corruptPdf() },
    { filename: 'scan.png', content: Buffer.concat([pngFile(400, 400).subarray(0, 40), Buffer.alloc(8_000, 7)]) },
  ];
}

/** A two-page invoice PDF: "Invoice 2291", "Total EUR 1,234.50, due 15 Dec 2026". */
export function invoicePdf(): Buffer {
  return pdfFile(['Invoice 2291', 'Total EUR 1,234.50, due 15 Dec 2026']);
}
