/**
 * In-process rate limits (SMTP messages per IP, sign-in starts per IP). Each process keeps its own
 * counts: a client spread over several processes gets the limit once per process, which is fine for
 * abuse control.
 */

/**
 * At most `limit` events per key within any `windowMs` (a sliding window of timestamps). Refused
 * attempts are not counted, so a client that waits gets through again as soon as the window allows.
 * Memory stays bounded: a key holds at most `limit` timestamps and idle keys are swept once a window.
 */
export class SlidingWindowLimiter {
  private readonly events = new Map<string, number[]>();
  private lastSweep: number;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.lastSweep = now();
  }

  tryAcquire(key: string): boolean {
    const now = this.now();
    this.sweepIfDue(now);
    const recent = this.recent(key, now);
    if (recent.length >= this.limit) {
      this.events.set(key, recent);
      return false;
    }
    recent.push(now);
    this.events.set(key, recent);
    return true;
  }

  /** Keys currently tracked (for tests and diagnostics). */
  get size(): number {
    return this.events.size;
  }

  private recent(key: string, now: number): number[] {
    const stamps = this.events.get(key) ?? [];
    const cutoff = now - this.windowMs;
    let first = 0;
    while (first < stamps.length && (stamps[first] ?? 0) <= cutoff) first += 1;
    return first === 0 ? stamps : stamps.slice(first);
  }

  private sweepIfDue(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    const cutoff = now - this.windowMs;
    for (const [key, stamps] of this.events) {
      if ((stamps[stamps.length - 1] ?? 0) <= cutoff) this.events.delete(key);
    }
  }
}
