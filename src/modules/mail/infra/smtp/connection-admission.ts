import { ConnectionCounter } from './ip-rate-limiter.js';
import { peerNetworkOf, type PeerNetwork } from './ip-prefix.js';
import type { KnownPeers } from './known-peers.js';
import type { TrustedRelays } from './trusted-relays.js';

export interface AdmissionLimits {
  /** Simultaneous connections per remote address. */
  connectionsPerIp: number;
  /** Simultaneous connections per IPv4 /24 (IPv4-mapped IPv6 peers included). */
  connectionsPerIpv4Slash24: number;
  /** Simultaneous connections per IPv6 /64. */
  connectionsPerIpv6Slash64: number;
  /** The process-wide cap (smtp-server's `maxClients`); null: none, and then nothing is reserved. */
  maxConnections: number | null;
  /** Percentage of `maxConnections` kept for known senders (0–90). */
  reservedPercent: number;
}

export interface Refusal {
  reason: 'too-many-connections' | 'too-many-network-connections' | 'reserved-for-known-senders';
  /** The text of the `421` (onConnect's refusal carries its own enhanced code). */
  text: string;
}

/** What an admitted session is counted against: its address and network; null for a trusted relay. */
type Counted = { address: string; peer: PeerNetwork | null } | null;

/**
 * Who gets a connection (smtp-server's `onConnect`), so that a crowd of slow clients cannot keep an
 * honest sender out:
 * - per remote address, per IPv4 /24 and per IPv6 /64 caps, so a few addresses or one network hold a
 *   bounded share of the slots whatever they send;
 * - the last `reservedPercent` of `maxConnections` only for peers whose network recently had a message
 *   accepted (KnownPeers) and for trusted relays: a listener that strangers filled still serves them.
 *
 * Trusted relays skip the per-address and per-network caps (they carry every sender's mail). Each
 * admitted session must be released once (smtp-server's `onClose`, which refused sessions get too).
 */
export class ConnectionAdmission {
  private readonly perIp: ConnectionCounter;
  private readonly perIpv4Slash24: ConnectionCounter;
  private readonly perIpv6Slash64: ConnectionCounter;
  private readonly admitted = new Map<string, Counted>();
  /** Connections only known peers and relays may take: the last ones before `maxConnections`. */
  readonly reservedSlots: number;

  constructor(
    private readonly limits: AdmissionLimits,
    private readonly known: KnownPeers,
    private readonly relays: TrustedRelays,
  ) {
    this.perIp = new ConnectionCounter(limits.connectionsPerIp);
    this.perIpv4Slash24 = new ConnectionCounter(limits.connectionsPerIpv4Slash24);
    this.perIpv6Slash64 = new ConnectionCounter(limits.connectionsPerIpv6Slash64);
    this.reservedSlots = limits.maxConnections === null ? 0 : Math.floor((limits.maxConnections * limits.reservedPercent) / 100);
  }

  /** Sessions admitted and not yet closed. */
  get open(): number {
    return this.admitted.size;
  }

  /** Admits the session (and counts it) or answers why not (and counts nothing). */
  admit(sessionId: string, remoteAddress: string): Refusal | null {
    if (this.relays.includes(remoteAddress)) {
      this.admitted.set(sessionId, null);
      return null;
    }
    const peer = peerNetworkOf(remoteAddress);
    const address = peer?.address ?? remoteAddress;
    if (this.perIp.count(address) >= this.limits.connectionsPerIp) {
      return { reason: 'too-many-connections', text: '4.7.0 Too many connections, try again later' };
    }
    const cap = peer ? this.networkCap(peer.family) : null;
    if (peer && cap && cap.counter.count(peer.network) >= cap.limit) {
      return { reason: 'too-many-network-connections', text: '4.7.0 Too many connections from your network, try again later' };
    }
    if (this.inReserve() && !(peer && this.known.knows(peer.network))) {
      return { reason: 'reserved-for-known-senders', text: '4.3.2 Too busy, try again later' };
    }
    this.perIp.tryAcquire(address);
    if (peer && cap) cap.counter.tryAcquire(peer.network);
    this.admitted.set(sessionId, { address, peer });
    return null;
  }

  release(sessionId: string): void {
    if (!this.admitted.has(sessionId)) return;
    const counted = this.admitted.get(sessionId);
    this.admitted.delete(sessionId);
    if (!counted) return;
    this.perIp.release(counted.address);
    if (counted.peer) this.networkCap(counted.peer.family).counter.release(counted.peer.network);
  }

  /** Only the reserved slots are left: the next admitted session would take one of them. */
  private inReserve(): boolean {
    const max = this.limits.maxConnections;
    return max !== null && this.reservedSlots > 0 && this.admitted.size >= max - this.reservedSlots;
  }

  private networkCap(family: 4 | 6): { counter: ConnectionCounter; limit: number } {
    return family === 6
      ? { counter: this.perIpv6Slash64, limit: this.limits.connectionsPerIpv6Slash64 }
      : { counter: this.perIpv4Slash24, limit: this.limits.connectionsPerIpv4Slash24 };
  }

  /** A message from this peer was accepted: its network is known from now on (not for trusted relays, always known). */
  delivered(remoteAddress: string): void {
    if (this.relays.includes(remoteAddress)) return;
    const peer = peerNetworkOf(remoteAddress);
    if (peer) this.known.remember(peer.network);
  }
}
