import { parseAddressText, type MailAddress } from './mail-address.js';

/**
 * A manual forward: the user pressed "Forward" in a mail client, so the visible From is the user and the
 * original sender is quoted in the body under a client-specific marker.
 */
export type ForwardStyle = 'gmail' | 'outlook' | 'apple' | 'thunderbird';

export interface ManualForward {
  style: ForwardStyle;
  /** null when the quoted header names no address (e.g. Outlook's "From: Jane Doe" inside one company). */
  sender: MailAddress | null;
}

const MARKERS: { style: ForwardStyle; pattern: RegExp }[] = [
  // Gmail: "---------- Forwarded message ---------"; Polish: "---------- Wiadomość przekazana dalej ---------".
  { style: 'gmail', pattern: /^-{4,} ?(?:Forwarded message|Wiadomość przekazana dalej|Weitergeleitete Nachricht|Message transféré) ?-{4,}$/i },
  // Thunderbird: "-------- Forwarded Message --------" (same words, fewer dashes: Gmail's pattern above takes it).
  { style: 'thunderbird', pattern: /^-{4,} ?(?:Przekazana wiadomość|Wiadomość przekazana) ?-{4,}$/i },
  // Outlook: "-----Original Message-----"; Polish: "-----Wiadomość oryginalna-----".
  { style: 'outlook', pattern: /^-{3,} ?(?:Original Message|Wiadomość oryginalna|Ursprüngliche Nachricht|Message d'origine) ?-{3,}$/i },
  // Apple Mail: "Begin forwarded message:"; Polish: "Początek przekazywanej wiadomości:".
  { style: 'apple', pattern: /^(?:Begin forwarded message|Początek przekazywanej wiadomości|Anfang der weitergeleiteten Nachricht) ?:$/i },
];

/** A quoted header line, tolerating `*From:*` (bold turned into asterisks) and Polish `Od:`. */
const FROM_LINE = /^\*?(?:From|Od|Von|De)\*? ?:\*? ?(.*)$/i;
const SENT_LINE = /^\*?(?:Sent|Wysłano|Gesendet|Envoyé)\*? ?:/i;
/** How far below a marker the From line may be (Thunderbird puts Subject and Date first). */
const HEADER_WINDOW = 8;
/** Only the start of each line is looked at, which keeps detection linear on a 1 MB single line. */
const MAX_LINE = 1000;

function unquote(line: string): string {
  return line
    .slice(0, MAX_LINE)
    .replace(/^(?: ?>)+ ?/, '')
    .trim();
}

function senderFrom(lines: readonly string[], index: number): MailAddress | null {
  const match = FROM_LINE.exec(lines[index] ?? '');
  if (!match) return null;
  let value = match[1] ?? '';
  // A long name can push the address to the next line.
  if (/<[^>]*$/.test(value) || value.trim() === '') value = `${value} ${lines[index + 1] ?? ''}`;
  return parseAddressText(value);
}

function forwardBelowMarker(lines: readonly string[], markerIndex: number, style: ForwardStyle): ManualForward {
  let seen = 0;
  for (let index = markerIndex + 1; index < lines.length && seen < HEADER_WINDOW; index += 1) {
    if (lines[index] === '') continue;
    seen += 1;
    if (FROM_LINE.test(lines[index] ?? '')) return { style, sender: senderFrom(lines, index) };
  }
  return { style, sender: null };
}

/**
 * The first manual forward in a mail's text, or null. Recognises the markers of Gmail (English and
 * Polish), Outlook, Apple Mail and Thunderbird, and Outlook's marker-less "From: … / Sent: …" block.
 */
export function detectManualForward(text: string): ManualForward | null {
  const lines = text.split('\n').map(unquote);
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    if (line === '') continue;
    for (const marker of MARKERS) {
      if (marker.pattern.test(line)) return forwardBelowMarker(lines, index, marker.style);
    }
    if (/^_{10,}$/.test(line) || FROM_LINE.test(line)) {
      const fromIndex = FROM_LINE.test(line) ? index : index + 1;
      const sentIndex = [fromIndex + 1, fromIndex + 2].find((candidate) => SENT_LINE.test(lines[candidate] ?? ''));
      if (sentIndex !== undefined && FROM_LINE.test(lines[fromIndex] ?? '')) return { style: 'outlook', sender: senderFrom(lines, fromIndex) };
    }
  }
  return null;
}
