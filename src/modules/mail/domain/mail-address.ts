export interface MailAddress {
  /** Lowercased. */
  address: string;
  /** '' when the mail gives none. */
  name: string;
}

/** The basic shape of an address: no spaces, one @, a dot in the domain. */
const ADDRESS = /^[^\s@<>"(),;:[\]]+@[^\s@<>"(),;:[\]]+\.[^\s@<>"(),;:[\]]+$/;

export function isPlausibleAddress(candidate: string): boolean {
  return ADDRESS.test(candidate);
}

/** Mail systems compare addresses trimmed and lowercased; so does the allow-list. */
export function normaliseAddress(raw: string): string {
  return raw.trim().toLowerCase();
}

function cleanName(raw: string, address: string): string {
  const name = raw
    .replace(/[*_]+/g, ' ')
    .replace(/^["'\s]+|["'\s]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return name.toLowerCase() === address ? '' : name;
}

/**
 * Reads an address as people and mail clients write it in a quoted header line:
 * `Name <addr>`, `"Name" <addr>`, `Name [mailto:addr]`, `<addr>` or a bare `addr`.
 */
export function parseAddressText(raw: string): MailAddress | null {
  // Only the start of a line matters; a bound keeps the patterns linear on hostile input.
  const value = raw.trim().slice(0, 500);
  const patterns = [
    /^(.*?)\[mailto:([^\]\s]+)\]/i,
    /^(.*?)<\s*(?:mailto:)?([^<>\s]+@[^<>\s]+?)\s*>/i,
    /^(.*?)\(?\b([^\s<>"'(),;:[\]]+@[^\s<>"'(),;:[\]]+\.[a-z0-9-]+)\b\)?/i,
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(value);
    if (!match) continue;
    const address = normaliseAddress(match[2] ?? '').replace(/\.+$/, '');
    if (!isPlausibleAddress(address)) continue;
    return { address, name: cleanName(match[1] ?? '', address) };
  }
  return null;
}

/** The part after the last @, lowercased; '' when there is none. */
export function domainOf(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 0 ? '' : normaliseAddress(address.slice(at + 1));
}
