import chardet from 'chardet';

/**
 * Bytes of a text attachment as a string: a byte-order mark decides, then UTF-8 if the bytes are valid
 * UTF-8, then the charset `chardet` names (Latin-1, Windows-1250, Shift_JIS…), Windows-1252 when it
 * names none or one TextDecoder does not know. Returns null for bytes that are not text.
 */
export function decodeText(bytes: Uint8Array): string | null {
  const text = decode(bytes);
  return looksBinary(text) ? null : text;
}

const BOMS: readonly { bytes: readonly number[]; label: string }[] = [
  { bytes: [0xef, 0xbb, 0xbf], label: 'utf-8' },
  { bytes: [0xff, 0xfe], label: 'utf-16le' },
  { bytes: [0xfe, 0xff], label: 'utf-16be' },
];

/** Enough for the detector to be sure; more only costs time. */
const DETECTED_BYTES = 64 * 1024;

function decode(bytes: Uint8Array): string {
  for (const bom of BOMS) {
    if (bom.bytes.every((byte, i) => bytes[i] === byte)) return new TextDecoder(bom.label).decode(bytes.subarray(bom.bytes.length));
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Not UTF-8: fall through to detection.
  }
  const guess = (chardet.detect(bytes.subarray(0, DETECTED_BYTES)) ?? '').toLowerCase();
  const label = guess === '' || guess === 'utf-8' || guess === 'ascii' ? 'windows-1252' : guess;
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    // A name TextDecoder does not know (UTF-32, ISO-2022-*): Windows-1252 decodes every byte.
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** How much of the start is inspected for binary content. */
const SAMPLE = 8 * 1024;

/**
 * Text never holds NUL, and holds few other C0 controls (tab, line breaks, form feed and escape
 * aside). An image or archive sent as text/plain has many of both.
 */
function looksBinary(text: string): boolean {
  const sample = text.slice(0, SAMPLE);
  if (sample.includes('\u0000')) return true;
  let controls = 0;
  for (let i = 0; i < sample.length; i++) {
    const code = sample.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d && code !== 0x1b) || code === 0xfffd) controls++;
  }
  return controls > sample.length * 0.02;
}

/**
 * The first `maxBytes` of `bytes`, not cutting a UTF-8 sequence in two (a cut sequence would make valid
 * UTF-8 look invalid). For other encodings a cut costs at most one character at the end.
 */
export function headOf(bytes: Uint8Array, maxBytes: number): Uint8Array {
  if (bytes.length <= maxBytes) return bytes;
  let end = maxBytes;
  // Step back over continuation bytes (10xxxxxx) to the start of the sequence they belong to.
  for (let back = 0; back < 3 && end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80; back++) end--;
  return bytes.subarray(0, end);
}
