/**
 * A small in-process map of looked-up rows (checked sessions, documents): each entry lives `ttlMs` at
 * most, the oldest goes when `maxEntries` is reached. A lookup that was under way while any entry was
 * dropped does not store its answer: it may have read the row before the change that dropped it committed.
 */
export class TtlCache<V> {
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

  /**
   * The kept answer for `key`, or `load`'s, kept when it is not null. While `trusted()` is false (the
   * changes that drop entries may go unheard) every call loads and nothing is kept.
   */
  async getOrLoad(key: string, load: () => Promise<V | null>, trusted: () => boolean): Promise<V | null> {
    if (!trusted()) return load();
    const kept = this.get(key);
    if (kept !== undefined) return kept;
    const stamp = this.stamp();
    const loaded = await load();
    if (loaded !== null && trusted()) this.set(key, loaded, stamp);
    return loaded;
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

  /** Drops every entry whose value `test` picks (a change known by another key than the entry's). */
  forgetWhere(test: (value: V) => boolean): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) if (test(entry.value)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
