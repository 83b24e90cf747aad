import { plainText } from '../plain-text.js';
import {
  ATTRIBUTION,
  ATTRIBUTION_START,
  BOILERPLATE,
  CALL_TO_ACTION,
  CLOSING,
  FOOTER_START,
  FORWARD_MARKER,
  GREETING,
  HEADER_LINE,
  MEDIA_PLACEHOLDER,
  MOBILE_SIGNATURE,
  ORIGINAL_MESSAGE_MARKER,
  SIGNATURE_SEPARATOR,
} from './mail-cues.js';

/**
 * A mail's own words, without what a reader skips: quoted history, signatures, greetings, forwarded
 * headers, newsletter furniture and links. Returns paragraphs, each a list of plain-text lines.
 *
 * A forwarded mail is the usual case here (users forward mail to their document), so a forwarded
 * message's headers go but its body stays. Reply history goes: a block of older mail is recognised as
 * a forward only when little of the mail's own text comes before it.
 */
export function cleanMail(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n').map((line) => line.trim());
  const kept: string[] = [];
  /** Characters of the mail's own text since the last forwarded-message header. */
  let ownChars = 0;
  let mode = 'text' as 'text' | 'signature' | 'headers';
  const startForwarded = (): void => {
    mode = 'headers';
    ownChars = 0;
    kept.push('');
  };

  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    if (FORWARD_MARKER.test(line)) {
      startForwarded();
      continue;
    }
    if (ORIGINAL_MESSAGE_MARKER.test(line) || startsHeaderBlock(lines, i)) {
      if (ownChars >= SHORT_NOTE_CHARS) break; // reply history: older mail, already answered
      startForwarded();
      if (ORIGINAL_MESSAGE_MARKER.test(line)) continue;
    }
    if (mode === 'headers') {
      if (line === '' || HEADER_LINE.test(line) || /^[<"]?[^\s@]+@[^\s@]+>?$/.test(line)) continue;
      mode = 'text';
    }
    if (mode === 'signature') continue;
    if (line.startsWith('>') || line.startsWith('|>')) continue;
    if (ATTRIBUTION.test(line) && (ATTRIBUTION_START.test(line) || wrapsAttribution(lines[i - 1] ?? ''))) {
      if (!ATTRIBUTION_START.test(line) && kept.length > 0) kept.pop(); // its first half, wrapped
      if (!nextTextIsQuoted(lines, i) && ownChars >= SHORT_NOTE_CHARS) break;
      continue;
    }
    if (isSignatureStart(line) && ownChars > 0) {
      mode = 'signature';
      continue;
    }
    if (FOOTER_START.test(line) && i >= lines.length * 0.6) break;
    if (isFurniture(line)) continue;
    const plain = plainText(line);
    if (CALL_TO_ACTION.test(plain)) continue;
    if (!/[\p{L}\p{N}]/u.test(plain)) {
      kept.push(''); // blank, or nothing but a link or markup: a paragraph break
      continue;
    }
    kept.push(plain);
    ownChars += plain.length;
  }
  return paragraphsOf(kept);
}

/** Below this much own text, a block of older mail after it is what the user forwarded. */
const SHORT_NOTE_CHARS = 120;

function isSignatureStart(line: string): boolean {
  return SIGNATURE_SEPARATOR.test(line) || CLOSING.test(line);
}

/** "On Mon, Jun 3, 2024 at 10:00 AM Ada <" – the first half of an attribution Gmail wrapped. */
function wrapsAttribution(previous: string): boolean {
  return ATTRIBUTION_START.test(previous) && !/[.!?]$/.test(previous);
}

function isFurniture(line: string): boolean {
  return (
    MOBILE_SIGNATURE.test(line) ||
    MEDIA_PLACEHOLDER.test(line) ||
    BOILERPLATE.test(line) ||
    (GREETING.test(line) && line.length <= 70)
  );
}

/** Outlook's unmarked history: "From: …" followed closely by "Sent: …" and "Subject: …". */
function startsHeaderBlock(lines: readonly string[], i: number): boolean {
  if (!/^(?:from|od)\s*:/i.test(lines[i] ?? '')) return false;
  const next = lines.slice(i + 1, i + 6);
  return (
    next.some((line) => /^(?:sent|date|wysłano|data)\s*:/i.test(line)) &&
    next.some((line) => /^(?:subject|temat|to|do)\s*:/i.test(line))
  );
}

function nextTextIsQuoted(lines: readonly string[], i: number): boolean {
  const next = lines.slice(i + 1, i + 10).find((line) => line !== '');
  return next === undefined || next.startsWith('>');
}

function paragraphsOf(lines: readonly string[]): string[][] {
  const paragraphs: string[][] = [];
  let current: string[] = [];
  for (const line of lines) {
    if (line !== '') {
      current.push(line);
      continue;
    }
    if (current.length > 0) paragraphs.push(current);
    current = [];
  }
  if (current.length > 0) paragraphs.push(current);
  return paragraphs;
}
