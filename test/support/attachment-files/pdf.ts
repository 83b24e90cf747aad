/**
 * PDF builders: small valid PDFs written object by object with a correct xref table, and the odd ones a
 * reader must cope with (scanned, encrypted, huge page counts, damaged). The PDF bomb, which needs the
 * zero-filled deflate streams, is in hostile.ts and uses `assemblePdf` and `FONT` from here.
 */

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
export function assemblePdf(objects: (string | Buffer[])[], trailerExtra = ''): Buffer {
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

export const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';

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

/** `%PDF-1.4` followed by bytes that are no PDF at all. */
export function corruptPdf(): Buffer {
  const garbage = Buffer.alloc(2048);
  for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919 + 13) % 251;
  return Buffer.concat([Buffer.from('%PDF-1.4\n', 'latin1'), garbage]);
}

/** A two-page invoice PDF: "Invoice 2291", "Total EUR 1,234.50, due 15 Dec 2026". */
export function invoicePdf(): Buffer {
  return pdfFile(['Invoice 2291', 'Total EUR 1,234.50, due 15 Dec 2026']);
}
