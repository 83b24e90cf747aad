import { getDocumentProxy } from 'unpdf';
import { normaliseMailText } from '../../../domain/mail-text.js';
import { type ExtractLimits, type Extracted, formatCount, notRead, readText } from './extracted.js';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/**
 * PDF.js options for untrusted files (unpdf passes them to `getDocument`, over its own defaults):
 * - isEvalSupported: false: no `new Function` for PostScript functions (CVE-2024-4367).
 * - disableFontFace / useSystemFonts: false: fonts are never installed or looked up on the system;
 *   text extraction needs only the font's encoding.
 * - useWorkerFetch / useWasm: false: no fetches of CMaps, fonts or WASM decoders.
 * - enableXfa: false: XFA forms are not built.
 * - verbosity 0: errors only; warnings ("Indexing all PDF objects") would go to the console.
 */
const PDFJS_OPTIONS = {
  isEvalSupported: false,
  disableFontFace: true,
  useSystemFonts: false,
  useWorkerFetch: false,
  useWasm: false,
  enableXfa: false,
  stopAtErrors: false,
  verbosity: 0,
} as const;

const DAMAGED = 'damaged or unreadable PDF';

async function open(bytes: Uint8Array): Promise<PdfDocument | Extracted> {
  try {
    // A copy: PDF.js may transfer (detach) the buffer it is given, and the caller keeps its bytes.
    return await getDocumentProxy(new Uint8Array(bytes), PDFJS_OPTIONS);
  } catch (error) {
    return notRead(errorName(error) === 'PasswordException' ? 'password-protected PDF' : DAMAGED);
  }
}

function errorName(error: unknown): string {
  return typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
}

/** One page's text: text items in content order, a line break where PDF.js saw the end of a line. */
async function pageText(document: PdfDocument, pageNumber: number): Promise<string> {
  const page = await document.getPage(pageNumber);
  try {
    const content = await page.getTextContent();
    let text = '';
    for (const item of content.items) {
      if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '');
    }
    return normaliseMailText(text);
  } finally {
    page.cleanup();
  }
}

/**
 * Reads the text layer page by page; pages are separated by a blank line. The page count is checked
 * before any page is parsed, and reading stops once `maxChars` of text are collected.
 */
export async function extractPdf(bytes: Uint8Array, limits: ExtractLimits): Promise<Extracted> {
  const document = await open(bytes);
  if ('status' in document) return document;
  try {
    const total = document.numPages;
    if (total === 0) return notRead(DAMAGED);
    if (total > limits.maxPages) return notRead(`over the ${formatCount(limits.maxPages)}-page limit (${formatCount(total)} pages)`);
    const pages: string[] = [];
    let length = 0;
    let cut = false;
    for (let pageNumber = 1; pageNumber <= total; pageNumber++) {
      const text = await pageText(document, pageNumber);
      pages.push(text);
      length += text.length + 2;
      if (length >= limits.maxChars && pageNumber < total) {
        cut = true;
        break;
      }
    }
    const text = pages.join('\n\n');
    if (text.trim() === '') return notRead('no text layer (a scanned document)');
    return readText(text, limits.maxChars, { pages: pages.length, cut });
  } catch {
    return notRead(DAMAGED);
  } finally {
    await document.destroy();
  }
}
