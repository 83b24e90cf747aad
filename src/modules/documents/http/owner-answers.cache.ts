import type { NotificationBus } from '../../../platform/events/notification-bus.js';
import { ResponseCache } from '../../../platform/http/response-cache.js';
import { DOCUMENT_CHANGED_SIGNAL, parseDocumentChangedKey } from '../infra/document-changed.signal.js';
import { MB } from '../../../shared/sizes.js';

type Signals = Pick<NotificationBus, 'onSignal' | 'hearsAllSignals'>;

/** An answer this large is not kept (about 10,000 documents): the cache's memory stays bounded. */
const MAX_KEPT_BYTES = 4 * MB;

/**
 * The documents routes' kept answers, keyed ones grouped by owner. The unpaged list (`GET /api/google-docs`
 * without paging) is kept for a few seconds per owner: measured on the API benchmark (1,000 documents, 364 kB
 * of JSON), each request cost about 18 ms of CPU reading, presenting, serialising and hashing the list, 0.5%
 * of `/healthz`. An item shows only what changes through the document repository (name, allow-list,
 * address, linked document), and every such change signals its owner (document-changed.signal.ts): the
 * owner's answers are dropped at once, here and in every other process. Nothing is kept while this process
 * does not hear every signal.
 */
export function ownerAnswersCache(signals: Signals, options: { ttlMs: number; maxEntries: number; now: () => number }): ResponseCache {
  const answers = new ResponseCache({ ...options, maxKeptBytes: MAX_KEPT_BYTES, trusted: () => signals.hearsAllSignals() });
  signals.onSignal(DOCUMENT_CHANGED_SIGNAL, {
    signal: (key) => {
      const changed = parseDocumentChangedKey(key);
      if (changed) answers.forget(changed.ownerId);
      else answers.clear();
    },
    reset: () => answers.clear(),
  });
  return answers;
}
