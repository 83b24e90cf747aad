import type { NotificationBus } from '../../../platform/events/notification-bus.js';
import { PreparedJson } from '../../../platform/http/prepared-json.js';
import { TtlCache } from '../../../shared/ttl-cache.js';
import { DOCUMENT_CHANGED_SIGNAL, parseDocumentChangedKey } from '../infra/document-changed.signal.js';

type Signals = Pick<NotificationBus, 'onSignal' | 'hearsAllSignals'>;

/** An answer this large is not kept (about 10,000 documents): the cache's memory stays bounded. */
const MAX_KEPT_BYTES = 4 * 1024 * 1024;

/**
 * The unpaged documents list (`GET /api/google-docs` without paging), kept for a few seconds per owner as the
 * bytes the server sends (PreparedJson): serialised, hashed and compressed once, not per request. Measured on
 * the API benchmark (1,000 documents, 364 kB of JSON): each request cost about 18 ms of CPU reading, presenting,
 * serialising and hashing the list, 0.5% of `/healthz`. An item shows only what changes through the document
 * repository (name, allow-list, address, linked document), and every such change signals its owner
 * (document-changed.signal.ts): the owner's answer is dropped at once, here and in every other process.
 * Nothing is kept while this process does not hear every signal.
 */
export class WholeListAnswerCache {
  private readonly answers: TtlCache<{ ownerId: string; answer: PreparedJson }>;

  constructor(
    private readonly signals: Signals,
    options: { ttlMs: number; maxEntries: number; now: () => number },
  ) {
    this.answers = new TtlCache(options);
    signals.onSignal(DOCUMENT_CHANGED_SIGNAL, {
      signal: (key) => {
        const changed = parseDocumentChangedKey(key);
        if (changed) this.answers.forgetWhere((kept) => kept.ownerId === changed.ownerId);
        else this.answers.clear();
      },
      reset: () => this.answers.clear(),
    });
  }

  /** The owner's kept answer, or `load`'s list prepared (and kept unless it is very large). */
  async answer(ownerId: string, load: () => Promise<unknown>): Promise<PreparedJson> {
    const kept = await this.answers.getOrLoad(
      ownerId,
      async () => ({ ownerId, answer: new PreparedJson(await load()) }),
      () => this.signals.hearsAllSignals(),
      (loaded) => loaded.answer.body.length <= MAX_KEPT_BYTES,
    );
    if (kept) return kept.answer;
    throw new Error('Unreachable: the documents list load never answers null.');
  }
}
