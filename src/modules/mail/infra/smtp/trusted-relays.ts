import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * The relays (an MX in front of the listener) whose own `Received` header is believed. Matching is on
 * the TCP peer address only, which a client cannot choose (no PROXY protocol, no XCLIENT/XFORWARD).
 */
export class TrustedRelays {
  private readonly list = new BlockList();
  private readonly count: number;

  /** `cidrs` are `address/prefix` (IPv4 or IPv6), already validated by the configuration. */
  constructor(cidrs: readonly string[]) {
    for (const cidr of cidrs) {
      const [address = '', prefix = ''] = cidr.split('/');
      const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
      if (!family) throw new Error(`not a CIDR: ${cidr}`);
      this.list.addSubnet(address, Number(prefix), family);
    }
    this.count = cidrs.length;
  }

  includes(address: string): boolean {
    if (this.count === 0) return false;
    const plain = unmapIPv4(address);
    if (isIPv4(plain)) return this.list.check(plain, 'ipv4');
    if (isIPv6(plain)) return this.list.check(plain, 'ipv6');
    return false;
  }
}

/** `::ffff:192.0.2.1` (an IPv4 peer of a dual-stack socket) → `192.0.2.1`; anything else unchanged. */
export function unmapIPv4(address: string): string {
  const match = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return match?.[1] && isIPv4(match[1]) ? match[1] : address;
}
