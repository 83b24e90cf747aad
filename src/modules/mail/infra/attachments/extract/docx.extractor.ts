import mammoth from 'mammoth';
import { htmlToText } from '../../parsing/html-to-text.js';
import { type ExtractLimits, type Extracted, notRead, readText } from './extracted.js';
import { checkZip } from './zip-guard.js';

/** Compound File (OLE) signature: an old binary .doc, or any Office file encrypted with a password. */
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const DAMAGED = 'damaged or unreadable Word file';

function isOle(bytes: Uint8Array): boolean {
  return bytes.length >= OLE.length && OLE.every((byte, i) => bytes[i] === byte);
}

/** Images are left out: they are not read, and mammoth would otherwise inline each one as base64. */
const NO_IMAGES = mammoth.images.imgElement(() => Promise.resolve({ src: '' }));

/**
 * Reads a Word (.docx) file. The ZIP is checked first (see zip-guard.ts), because mammoth unpacks
 * `document.xml` whole into memory.
 *
 * Converted to HTML, then to text with the mail body's own `htmlToText`, rather than mammoth's
 * `extractRawText`: raw text puts every table cell on its own paragraph, so a row "Widget | 4 | 12.00"
 * becomes three unrelated lines. Through HTML, tables come out as `Header: value` lines (see
 * table-lines.ts), as tables in mail bodies do, which a summariser reads as records.
 */
export async function extractDocx(bytes: Uint8Array, limits: ExtractLimits): Promise<Extracted> {
  if (isOle(bytes)) return notRead('encrypted or old Word format (.doc) is not read');
  const zip = checkZip(bytes, { maxEntries: limits.maxZipEntries, maxUncompressedBytes: limits.maxUncompressedBytes });
  if (!zip.ok) return notRead(zip.problem === 'not-zip' || zip.problem === 'damaged' ? DAMAGED : zip.reason);
  if (!zip.names.includes('word/document.xml') && !zip.names.includes('_rels/.rels')) return notRead(DAMAGED);

  let html: string;
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // externalFileAccess: false (the default since 1.11, stated anyway): linked images and files stay unread.
    html = (await mammoth.convertToHtml({ buffer }, { convertImage: NO_IMAGES, externalFileAccess: false, ignoreEmptyParagraphs: true })).value;
  } catch {
    return notRead(DAMAGED);
  }
  // Headroom over maxChars: htmlToText counts text before whitespace is tidied.
  const converted = htmlToText(html, { maxChars: limits.maxChars * 2 + 100 });
  if (converted.text.trim() === '') return notRead('no text in the document');
  return readText(converted.text, limits.maxChars);
}
