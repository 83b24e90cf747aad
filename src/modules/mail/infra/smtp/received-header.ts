import { isIPv4, isIPv6 } from 'node:net';
import { unmapIPv4 } from './trusted-relays.js';

/** Headers past this many bytes are not searched: the relay's own header is the first line anyway. */
const HEADER_SCAN_BYTES = 64 * 1024;

/**
 * The client address a relay recorded in the topmost `Received` header of a message, the one the relay
 * itself prepended, or null when that header is missing or not in the expected form.
 *
 * Only the relay's own TCP-info comment is read: Postfix (and Sendmail) write
 * `from <helo> (<reverse name or "unknown"> [<address>])`, optionally `[IPv6:…]` and `:port`. The HELO
 * name is chosen by the client and may itself look like `[198.51.100.7]`, so the address is taken only
 * from the parenthesised comment after it, never from the HELO. Anything else is not understood.
 */
export function originalClientOf(raw: Buffer): string | null {
  const header = topmostReceived(raw.subarray(0, HEADER_SCAN_BYTES).toString('latin1'));
  if (!header) return null;
  const match = /^from\s+\S+\s+\((?:[^\s()[\]]+\s+)?\[(?:ipv6:)?([0-9a-f:.]+)\](?::\d+)?[\s)]/i.exec(header);
  return match?.[1] ? canonicalIp(match[1]) : null;
}

/** The one spelling of an address used as a limiter key (lowercase, `::` compressed, IPv4 unmapped), or null. */
export function canonicalIp(text: string): string | null {
  const plain = unmapIPv4(text);
  if (isIPv4(plain)) return plain;
  if (!isIPv6(plain)) return null;
  // The URL parser prints IPv6 hosts in their RFC 5952 form.
  const canonical = new URL(`http://[${plain}]/`).hostname.slice(1, -1);
  return unmapIPv4(canonical);
}

/** The value of the first `Received:` header, unfolded, or null (headers end at the first empty line). */
function topmostReceived(head: string): string | null {
  const lines = head.split(/\r?\n/);
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    if (line === '') return null;
    if (!/^received:/i.test(line)) continue;
    let value = line.slice('received:'.length);
    for (let next = lines[i + 1]; next !== undefined && /^[ \t]/.test(next); next = lines[i + 1]) {
      value += ` ${next.trim()}`;
      i += 1;
    }
    return value.trim();
  }
  return null;
}
