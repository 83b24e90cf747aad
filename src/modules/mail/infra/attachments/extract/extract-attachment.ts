import { detectFormat, extensionOf, mediaType } from './attachment-format.js';
import { extractDocx } from './docx.extractor.js';
import { type ExtractLimits, type Extracted, notRead } from './extracted.js';
import { extractPdf } from './pdf.extractor.js';
import { extractText } from './text.extractor.js';

export type { AttachmentFormat } from './attachment-format.js';
export { detectFormat, formatOf, sniffFormat } from './attachment-format.js';
export type { ExtractLimits, Extracted } from './extracted.js';

export interface AttachmentInput {
  /** The file name as the mail gives it. */
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

/**
 * Reads the text of one attachment, by its format (see attachment-format.ts). Never throws for a bad
 * file: it comes back `not-read` with a reason in plain words. Images come back not-read too; whether
 * to run OCR on them is the caller's choice. Pure: no state, no logging, no I/O beyond the bytes given.
 */
export async function extractAttachment(input: AttachmentInput, limits: ExtractLimits): Promise<Extracted> {
  const format = detectFormat(input);
  switch (format) {
    case 'pdf':
      return extractPdf(input.bytes, limits);
    case 'docx':
      return extractDocx(input.bytes, limits);
    case 'text':
    case 'csv':
    case 'markdown':
    case 'html':
      return extractText(input.bytes, format, limits);
    case 'image':
      return notRead('an image (its text is read only with OCR)');
    case 'unsupported':
      return notRead(`this file type is not read (${typeLabel(input)})`);
  }
}

/** `.xlsx` when the name has an extension, else the content type, else "unknown type". */
function typeLabel(input: AttachmentInput): string {
  const extension = extensionOf(input.name);
  if (extension !== '' && /^[a-z0-9]{1,10}$/.test(extension)) return `.${extension}`;
  const type = mediaType(input.contentType);
  return /^[\w.+-]{1,40}\/[\w.+-]{1,80}$/.test(type) ? type : 'unknown type';
}
