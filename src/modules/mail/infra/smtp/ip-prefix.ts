import { isIPv4, isIPv6 } from 'node:net';

/** A peer address and the network it is counted in: its /24 (IPv4) or its /64 (IPv6). */
export interface PeerNetwork {
  /** The address in one spelling: IPv4 dotted (also for an IPv4-mapped IPv6 peer), IPv6 in RFC 5952 form. */
  address: string;
  family: 4 | 6;
  /** `192.0.2.0/24` or `2001:db8:1:2::/64`. */
  network: string;
}

/**
 * The network a peer address belongs to, for the per-network connection caps and the known-peer record,
 * or null when the text is not an IP address. An IPv4 peer of a dual-stack socket (`::ffff:192.0.2.1`,
 * in either spelling) is an IPv4 peer in its /24. A zone (`fe80::1%eth0`) is ignored.
 */
export function peerNetworkOf(text: string): PeerNetwork | null {
  if (isIPv4(text)) return ipv4Network(text.split('.').map(Number));
  const plain = text.replace(/%.*$/, '');
  if (!isIPv6(plain)) return null;
  const groups = ipv6Groups(plain);
  if (!groups) return null;
  // ::ffff:0:0/96, the IPv4-mapped addresses.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const high = groups[6] ?? 0;
    const low = groups[7] ?? 0;
    return ipv4Network([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  }
  const prefix = [...groups.slice(0, 4), 0, 0, 0, 0];
  return { address: formatIpv6(groups), family: 6, network: `${formatIpv6(prefix)}/64` };
}

function ipv4Network(octets: number[]): PeerNetwork {
  const [a = 0, b = 0, c = 0, d = 0] = octets;
  return { address: `${a}.${b}.${c}.${d}`, family: 4, network: `${a}.${b}.${c}.0/24` };
}

/** The eight 16-bit groups of an address `isIPv6` accepted (`::` expanded, a trailing dotted quad as two groups). */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  const parse = (part: string | undefined): number[] => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  const groups = halves.length === 2 ? [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail] : head;
  if (groups.length !== 8 || groups.some((group) => !Number.isInteger(group) || group < 0 || group > 0xffff)) return null;
  return groups;
}

/** RFC 5952: lowercase, no leading zeros, the longest run of two or more zero groups (the first of equals) as `::`. */
function formatIpv6(groups: number[]): string {
  let bestStart = -1;
  let bestLength = 0;
  for (let start = 0; start < groups.length; ) {
    if (groups[start] !== 0) {
      start += 1;
      continue;
    }
    let end = start;
    while (end < groups.length && groups[end] === 0) end += 1;
    if (end - start > bestLength) {
      bestStart = start;
      bestLength = end - start;
    }
    start = end;
  }
  const hex = (part: number[]): string => part.map((group) => group.toString(16)).join(':');
  if (bestLength < 2) return hex(groups);
  return `${hex(groups.slice(0, bestStart))}::${hex(groups.slice(bestStart + bestLength))}`;
}
