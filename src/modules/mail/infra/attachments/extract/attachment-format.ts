/** Which reader an attachment goes to, from its declared type, its name and, failing both, its bytes. */
export type AttachmentFormat = 'pdf' | 'docx' | 'text' | 'csv' | 'markdown' | 'html' | 'image' | 'unsupported';

const BY_TYPE: Record<string, AttachmentFormat> = {
  'application/pdf': 'pdf',
  'application/x-pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/plain': 'text',
  'application/json': 'text',
  'text/csv': 'csv',
  'application/csv': 'csv',
  'text/comma-separated-values': 'csv',
  'text/tab-separated-values': 'csv',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
};

const BY_EXTENSION: Record<string, AttachmentFormat> = {
  pdf: 'pdf',
  docx: 'docx',
  txt: 'text',
  text: 'text',
  log: 'text',
  json: 'text',
  csv: 'csv',
  tsv: 'csv',
  md: 'markdown',
  markdown: 'markdown',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  bmp: 'image',
  tif: 'image',
  tiff: 'image',
  heic: 'image',
};

/** Types that say nothing about the content: the name (then the bytes) decide. */
const GENERIC_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/x-download', 'application/force-download', 'application/download', 'application/unknown', 'application/binary']);

/** Text types whose content is structured data or a calendar, read by their own readers or not at all. */
const NOT_PLAIN_TEXT = new Set(['text/calendar', 'text/vcard', 'text/x-vcard', 'text/directory', 'text/rtf']);

/** `text/csv; charset=utf-8` → `text/csv`. */
export function mediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/** The lower-case extension of a file name, '' when it has none. */
export function extensionOf(name: string): string {
  const base = name.trim().split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export function isGenericType(contentType: string): boolean {
  return GENERIC_TYPES.has(mediaType(contentType));
}

/**
 * The format by content type, then by extension. A generic type (`application/octet-stream`) or
 * `text/plain` defers to the extension: mail clients send `.pdf` as octet-stream and `.csv` or `.md`
 * as text/plain; Outlook sends `.csv` as `application/vnd.ms-excel`.
 */
export function formatOf(name: string, contentType: string): AttachmentFormat {
  const type = mediaType(contentType);
  const byExtension = BY_EXTENSION[extensionOf(name)];
  if (GENERIC_TYPES.has(type)) return byExtension ?? 'unsupported';
  if (type === 'text/plain') return byExtension === 'csv' || byExtension === 'markdown' || byExtension === 'html' ? byExtension : 'text';
  if (type === 'application/vnd.ms-excel' && byExtension === 'csv') return 'csv';
  const byType = BY_TYPE[type];
  if (byType) return byType;
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('text/') && !NOT_PLAIN_TEXT.has(type)) return 'text';
  return 'unsupported';
}

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false;
  return signature.every((byte, i) => bytes[at + i] === byte);
}

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP = [0x50, 0x4b, 0x03, 0x04]; // PK\3\4
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF = [0x47, 0x49, 0x46, 0x38]; // GIF8
const WORD_PART = new TextEncoder().encode('word/document.xml');

/** Readers tolerate a little junk before `%PDF-` (PDF.js looks in the first KB). */
const PDF_HEADER_WINDOW = 1024;

function indexOfBytes(bytes: Uint8Array, needle: Uint8Array, from = 0): number {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(needle, from);
}

/**
 * The format the first bytes show, or null when they show none of ours. A ZIP counts as DOCX only
 * when it names `word/document.xml` (XLSX and plain ZIPs are ZIPs too). For generic content types.
 */
export function sniffFormat(bytes: Uint8Array): AttachmentFormat | null {
  const pdfAt = indexOfBytes(bytes.subarray(0, PDF_HEADER_WINDOW + PDF.length), Uint8Array.from(PDF));
  if (pdfAt >= 0) return 'pdf';
  if (startsWith(bytes, ZIP)) return indexOfBytes(bytes, WORD_PART) >= 0 ? 'docx' : 'unsupported';
  if (startsWith(bytes, PNG) || startsWith(bytes, JPEG) || startsWith(bytes, GIF)) return 'image';
  return null;
}

/** The format of one attachment: `formatOf`, with the bytes deciding when the type and name say nothing. */
export function detectFormat(input: { name: string; contentType: string; bytes: Uint8Array }): AttachmentFormat {
  const format = formatOf(input.name, input.contentType);
  if (format !== 'unsupported' || !isGenericType(input.contentType)) return format;
  return sniffFormat(input.bytes) ?? 'unsupported';
}
