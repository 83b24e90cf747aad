/**
 * The networks (a peer's /24 or /64) that recently had a message accepted (`250` after DATA), kept in
 * process memory: the connections held back for known senders when the listener is nearly full go to
 * them. Bounded in size (the least recently delivering network is forgotten first) and in time; a
 * restart forgets everything, which only means every sender is unknown for a while.
 */
export class KnownPeers {
  /** Network → when it is forgotten (ms). Map order is the order of the last delivery, oldest first. */
  private readonly expiries = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly capacity: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.expiries.size;
  }

  remember(network: string): void {
    this.expiries.delete(network);
    this.expiries.set(network, this.now() + this.ttlMs);
    for (const oldest of this.expiries.keys()) {
      if (this.expiries.size <= this.capacity) break;
      this.expiries.delete(oldest);
    }
  }

  knows(network: string): boolean {
    const expiry = this.expiries.get(network);
    if (expiry === undefined) return false;
    if (expiry > this.now()) return true;
    this.expiries.delete(network);
    return false;
  }
}
