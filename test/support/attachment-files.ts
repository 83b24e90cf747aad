/**
 * Real attachment files built in memory, without network or fixtures on disk: small valid PDFs, DOCX
 * and PNG files, and hostile ones (encrypted, damaged, huge page counts, decompression bombs).
 *
 * This file is the public entry the tests import; the builders live in attachment-files/, one file per
 * format (pdf.ts, docx.ts on zip.ts, images.ts) and hostile.ts for the bombs and malformed ZIPs.
 */
export { docxFile, docxWithTable, legacyDoc } from './attachment-files/docx.js';
export {
  docxLyingSizes,
  encryptedEntryDocx,
  hostileAttachments,
  LYING_SIZES_INFLATED_BYTES,
  manyEntriesDocx,
  PDF_BOMB_INFLATED_BYTES,
  pdfBomb,
  ZIP_BOMB_INFLATED_BYTES,
  zipBombDocx,
} from './attachment-files/hostile.js';
export { corruptPng, pngFile } from './attachment-files/images.js';
export { corruptPdf, encryptedPdf, invoicePdf, manyPagesPdf, pdfFile, scannedPdf } from './attachment-files/pdf.js';
