/**
 * A small in-process map of checked sessions: each entry lives `ttlMs` at most, the oldest goes when
 * `maxEntries` is reached. A lookup that was under way while any entry was dropped does not store its
 * answer: it may have read the row before the change that dropped it committed.
 */
export class SessionCache<V> {
  private readonly entries = new Map<string, { value: V; storedAt: number }>();
  private generation = 0;

  constructor(private readonly options: { ttlMs: number; maxEntries: number; now: () => number }) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const age = this.options.now() - entry.storedAt;
    // A clock set back counts as expired too.
    if (age < 0 || age >= this.options.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Taken before a lookup and handed to `set` after it. */
  stamp(): number {
    return this.generation;
  }

  set(key: string, value: V, stamp: number): void {
    if (stamp !== this.generation || this.options.ttlMs <= 0) return;
    this.entries.delete(key);
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, storedAt: this.options.now() });
  }

  forget(key: string): void {
    this.generation += 1;
    this.entries.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
