import { TtlCache } from '../caching/ttl-cache.js';
import { PreparedJson } from './prepared-json.js';

export interface ResponseCacheOptions {
  /** How long a keyed answer lives at most; 0 keeps none (every request loads). */
  ttlMs: number;
  maxEntries: number;
  /** A keyed answer larger than this is sent but not kept: the cache's memory stays bounded. */
  maxKeptBytes: number;
  now: () => number;
  /** False while the changes that drop answers may go unheard (a dropped LISTEN): nothing is kept then. */
  trusted: () => boolean;
}

const KEEPS_NOTHING: ResponseCacheOptions = { ttlMs: 0, maxEntries: 1, maxKeptBytes: 0, now: () => 0, trusted: () => false };

/**
 * The one place routes keep answers as the bytes they send (PreparedJson: serialised, hashed and compressed
 * once, not per request); send them with `sendPrepared`. Two ways to keep one (docs/architecture.md, "Caching"):
 *
 * - `tiedTo`: the answer lives as long as a value a use case or repository keeps and hands out again while it
 *   is current (the same object): it is prepared on the first request that receives the value and goes with
 *   it (a WeakMap), so it adds no expiry of its own and never outlives what it presents.
 * - `keyed`: the answer is kept under a key for `ttlMs` at most, within a group (an owner) that the wiring
 *   drops with `forget` when a change is signalled. A load under way when its group is dropped is not kept.
 */
export class ResponseCache {
  private readonly tied = new WeakMap<object, { variant: string; answer: PreparedJson }>();
  private readonly kept: TtlCache<{ group: string; answer: PreparedJson }>;

  constructor(private readonly options: ResponseCacheOptions = KEEPS_NOTHING) {
    this.kept = new TtlCache(options);
  }

  /** `variant` names what else the answer holds (the page a request asked for): another variant is prepared anew. */
  tiedTo(source: object, present: () => unknown, variant = ''): PreparedJson {
    const kept = this.tied.get(source);
    if (kept?.variant === variant) return kept.answer;
    const answer = new PreparedJson(present());
    this.tied.set(source, { variant, answer });
    return answer;
  }

  /** The kept answer under `key`, or `load`'s value prepared (and kept unless it is too large). */
  async keyed(key: string, group: string, load: () => Promise<unknown>): Promise<PreparedJson> {
    const kept = await this.kept.getOrLoad(
      key,
      async () => ({ group, answer: new PreparedJson(await load()) }),
      this.options.trusted,
      (loaded) => loaded.answer.body.length <= this.options.maxKeptBytes,
    );
    if (kept) return kept.answer;
    throw new Error('Unreachable: a prepared answer is never null.');
  }

  /** Drops the group's keyed answers, and any load of them under way. */
  forget(group: string): void {
    this.kept.forgetWhere((kept) => kept.group === group);
  }

  clear(): void {
    this.kept.clear();
  }
}
