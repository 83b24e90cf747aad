import type { NotificationBus } from '../../../platform/events/notification-bus.js';
import { TtlCache } from '../../../platform/caching/ttl-cache.js';
import type { DocumentCardPage, DocumentListQuery } from '../domain/document-list.js';
import type { DocumentListReader } from '../application/ports/document-list.reader.port.js';
import { DOCUMENT_CHANGED_SIGNAL, parseDocumentChangedKey } from './document-changed.signal.js';

type Signals = Pick<NotificationBus, 'onSignal' | 'hearsAllSignals'>;

/**
 * Pages of the documents list, kept for a few seconds in process memory per owner and query. A card shows
 * only what changes through the document repository (name, address, allow-list size, linked document;
 * never a count that mail moves), and every such change signals its owner (document-changed.signal.ts):
 * the owner's pages are dropped at once, here and in every other process. Nothing is kept while this
 * process does not hear every signal. Measured on the API benchmark: the first page of a 1,000-document
 * account is a count and an ordered page of the owner's documents, most of what the call costs.
 */
export class CachedDocumentListReader implements DocumentListReader {
  private readonly pages: TtlCache<{ ownerId: string; page: DocumentCardPage }>;

  constructor(
    private readonly inner: DocumentListReader,
    private readonly signals: Signals,
    options: { ttlMs: number; maxEntries: number; now: () => number },
  ) {
    this.pages = new TtlCache(options);
    signals.onSignal(DOCUMENT_CHANGED_SIGNAL, {
      signal: (key) => {
        const changed = parseDocumentChangedKey(key);
        if (changed) this.pages.forgetWhere((kept) => kept.ownerId === changed.ownerId);
        else this.pages.clear();
      },
      reset: () => this.pages.clear(),
    });
  }

  async page(ownerId: string, query: DocumentListQuery): Promise<DocumentCardPage> {
    const key = `${ownerId} ${query.sortBy} ${query.page} ${query.pageSize} ${query.q}`;
    const kept = await this.pages.getOrLoad(key, async () => ({ ownerId, page: await this.inner.page(ownerId, query) }), () => this.signals.hearsAllSignals());
    return kept?.page ?? { cards: [], total: 0 };
  }
}
