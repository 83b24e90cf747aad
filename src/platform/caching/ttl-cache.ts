/**
 * A small in-process map of looked-up rows (checked sessions, documents): each entry lives `ttlMs` at
 * most, the oldest goes when `maxEntries` is reached. A lookup that was under way while any entry was
 * dropped does not store its answer: it may have read the row before the change that dropped it committed.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; storedAt: number }>();
  /** Loads under way, so concurrent misses of one key share one lookup. Any drop forgets them all. */
  private readonly flights = new Map<string, Promise<V | null>>();
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
   * The kept answer for `key`, or `load`'s, kept when it is not null (and `keep` accepts it). Calls that
   * miss while a load of the same key is under way wait for it instead of loading again: when a popular
   * entry expires, 50 concurrent requests make one lookup, not 50. A load under way when an entry is
   * dropped serves only the calls made before the drop. While `trusted()` is false (the changes that drop
   * entries may go unheard) every call loads and nothing is kept.
   */
  async getOrLoad(key: string, load: () => Promise<V | null>, trusted: () => boolean, keep: (value: V) => boolean = () => true): Promise<V | null> {
    if (!trusted()) return load();
    const kept = this.get(key);
    if (kept !== undefined) return kept;
    const under = this.flights.get(key);
    if (under) return under;
    const stamp = this.stamp();
    const flight = load().then((loaded) => {
      if (loaded !== null && trusted() && keep(loaded)) this.set(key, loaded, stamp);
      return loaded;
    });
    this.flights.set(key, flight);
    try {
      return await flight;
    } finally {
      if (this.flights.get(key) === flight) this.flights.delete(key);
    }
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
    this.flights.clear();
    this.entries.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.flights.clear();
    this.entries.clear();
  }

  /** Drops every entry whose value `test` picks (a change known by another key than the entry's). */
  forgetWhere(test: (value: V) => boolean): void {
    this.generation += 1;
    this.flights.clear();
    for (const [key, entry] of this.entries) if (test(entry.value)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
