import chardet from 'chardet';

/**
 * Mail that carries 8-bit bytes without saying what they mean: raw Latin-1 or Windows-1250 in a Subject
 * (RFC 5322 allows only ASCII there; RFC 6532 allows UTF-8), or a text body with no `charset`. mailparser
 * then decodes them as UTF-8 and the user sees `�`. Before parsing, such bytes are decoded with the
 * charset a detector (`chardet`) names and re-encoded as UTF-8, which mailparser reads as RFC 6532 mail
 * (headers) or as a declared UTF-8 body. Valid UTF-8 is left as it is.
 */
export function repairUndeclaredCharset(raw: Buffer): Buffer {
  const split = headerEnd(raw);
  if (split < 0) return raw;
  const header = raw.subarray(0, split);
  const body = raw.subarray(split);
  const headerNeedsIt = hasHighBytes(header) && !isUtf8(header);
  const bodyNeedsIt = undeclaredTextBody(header) && hasHighBytes(body) && !isUtf8(body);
  if (!headerNeedsIt && !bodyNeedsIt) return raw;
  // One guess for both: a few accented letters in a Subject say little; with the body they say more.
  const label = charsetOf(Buffer.concat([headerNeedsIt ? header : Buffer.alloc(0), bodyNeedsIt ? body.subarray(0, MAX_DETECTED_BYTES) : Buffer.alloc(0)]));
  const fixedHeader = headerNeedsIt ? toUtf8(header, label) : header;
  const fixedBody = bodyNeedsIt ? toUtf8(body, label) : body;
  if (fixedHeader === header && fixedBody === body) return raw;
  const declared = fixedBody === body ? fixedHeader : declareUtf8(fixedHeader);
  return Buffer.concat([declared, fixedBody]);
}

/** Where the header section ends (the index of its blank line), or -1. */
function headerEnd(raw: Buffer): number {
  const crlf = raw.indexOf('\r\n\r\n');
  const lf = raw.indexOf('\n\n');
  if (crlf < 0) return lf;
  if (lf < 0) return crlf;
  return Math.min(crlf, lf);
}

function hasHighBytes(bytes: Buffer): boolean {
  for (const byte of bytes) if (byte >= 0x80) return true;
  return false;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function isUtf8(bytes: Buffer): boolean {
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Enough text for the detector to be sure; more only costs time. */
const MAX_DETECTED_BYTES = 64 * 1024;

/** The detector's best guess; ISO-8859-1 when it has none (every byte decodes, so nothing is lost). */
function charsetOf(bytes: Buffer): string {
  const guess = (chardet.detect(bytes) ?? '').toLowerCase();
  return guess && guess !== 'utf-8' && guess !== 'ascii' ? guess : 'iso-8859-1';
}

function toUtf8(bytes: Buffer, label: string): Buffer {
  return Buffer.from(decoderFor(label).decode(bytes), 'utf8');
}

function decoderFor(label: string): InstanceType<typeof TextDecoder> {
  try {
    return new TextDecoder(label);
  } catch {
    return new TextDecoder('iso-8859-1');
  }
}

/** A single-part text body (or no Content-Type at all) whose header names no charset. */
function undeclaredTextBody(header: Buffer): boolean {
  const text = header.toString('latin1').replace(/\r?\n[ \t]+/g, ' ');
  const contentType = /^content-type:\s*([^\r\n]*)/im.exec(text)?.[1] ?? '';
  if (contentType === '') return true;
  return /^\s*text\//i.test(contentType) && !/charset\s*=/i.test(contentType);
}

/** Adds `charset=utf-8` to the top-level Content-Type (or adds one), so the re-encoded body is read right. */
function declareUtf8(header: Buffer): Buffer {
  const text = header.toString('utf8');
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  if (/^content-type:/im.test(text)) {
    return Buffer.from(text.replace(/^(content-type:[^\r\n]*)/im, '$1; charset=utf-8'), 'utf8');
  }
  return Buffer.from(`${text}${eol}Content-Type: text/plain; charset=utf-8`, 'utf8');
}
