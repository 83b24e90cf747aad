/**
 * Files built to hurt a reader: decompression bombs (1 GiB from about 1 MB, written as repeated
 * compressed segments so building them stays cheap), ZIPs with lying sizes, too many entries or an
 * encrypted entry, and `hostileAttachments`, one of each hostile file as a mail's attachments.
 */
import { crc32, constants as zlibConstants, deflateRawSync } from 'node:zlib';
import { CONTENT_TYPES, documentXml, paragraphXml, RELS } from './docx.js';
import { pngFile } from './images.js';
import { assemblePdf, corruptPdf, encryptedPdf, FONT, manyPagesPdf } from './pdf.js';
import { entry, zip, type ZipEntry } from './zip.js';

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;

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

