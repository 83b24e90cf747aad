/**
 * In-process limits per remote IP for the SMTP listener. Each process keeps its own counts: a sender
 * spread over several processes gets the limit once per process, which is fine for abuse control.
 */

/** Concurrent connections per key (remote IP). */
export class ConnectionCounter {
  private readonly open = new Map<string, number>();

  constructor(private readonly limit: number) {}

  /** Counts one more connection for the key, or answers false (and counts nothing) when at the limit. */
  tryAcquire(key: string): boolean {
    const current = this.open.get(key) ?? 0;
    if (current >= this.limit) return false;
    this.open.set(key, current + 1);
    return true;
  }

  release(key: string): void {
    const current = this.open.get(key) ?? 0;
    if (current <= 1) this.open.delete(key);
    else this.open.set(key, current - 1);
  }

  count(key: string): number {
    return this.open.get(key) ?? 0;
  }
}
