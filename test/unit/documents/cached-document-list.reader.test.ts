import { beforeEach, describe, expect, it } from 'vitest';
import type { DocumentListReader } from '../../../src/modules/documents/application/ports/document-list.reader.port.js';
import type { DocumentCardPage, DocumentListQuery } from '../../../src/modules/documents/domain/document-list.js';
import { CachedDocumentListReader } from '../../../src/modules/documents/infra/cached.document-list.reader.js';
import { DOCUMENT_CHANGED_SIGNAL, documentChangedKey } from '../../../src/modules/documents/infra/document-changed.signal.js';
import { fixedClock } from '../../../src/shared/clock.js';
import { FakeSignals } from '../../support/fakes/fake-signals.js';

/** The database's side: each page read is counted and answers the owner's current total. */
class CountingReader implements DocumentListReader {
  reads = 0;
  totals = new Map<string, number>();

  page(ownerId: string): Promise<DocumentCardPage> {
    this.reads += 1;
    return Promise.resolve({ cards: [], total: this.totals.get(ownerId) ?? 0 });
  }
}

const FIRST: DocumentListQuery = { q: '', sortBy: 'nameAsc', page: 1, pageSize: 24 };

describe('pages of the documents list, from a short in-process cache', () => {
  const clock = fixedClock('2026-05-01T08:00:00Z');
  let reader: CountingReader;
  let signals: FakeSignals;
  let cached: CachedDocumentListReader;

  beforeEach(() => {
    clock.set('2026-05-01T08:00:00Z');
    reader = new CountingReader();
    reader.totals.set('ada', 3);
    reader.totals.set('bob', 1);
    signals = new FakeSignals();
    cached = new CachedDocumentListReader(reader, signals, { ttlMs: 5_000, maxEntries: 100, now: () => clock.now().getTime() });
  });

  it('reads a page once while it is fresh; another query, another owner or an expired page read again', async () => {
    await cached.page('ada', FIRST);
    await cached.page('ada', FIRST);
    expect(reader.reads).toBe(1);
    await cached.page('ada', { ...FIRST, page: 2 });
    await cached.page('ada', { ...FIRST, q: 'notes' });
    await cached.page('ada', { ...FIRST, sortBy: 'dateDesc' });
    await cached.page('bob', FIRST);
    expect(reader.reads).toBe(5);
    clock.advance(5_000);
    await cached.page('ada', FIRST);
    expect(reader.reads).toBe(6);
  });

  it("drops every page of a document's owner when it changes, and only that owner's", async () => {
    await cached.page('ada', FIRST);
    await cached.page('ada', { ...FIRST, page: 2 });
    await cached.page('bob', FIRST);
    reader.totals.set('ada', 4);
    signals.listeners.signal(DOCUMENT_CHANGED_SIGNAL, documentChangedKey('ada', 'doc-9'));
    expect((await cached.page('ada', FIRST)).total).toBe(4);
    await cached.page('ada', { ...FIRST, page: 2 });
    await cached.page('bob', FIRST);
    expect(reader.reads).toBe(5);
  });

  it('empties when signals may have been missed, and reads every time while it does not hear them all', async () => {
    await cached.page('ada', FIRST);
    signals.listeners.reset();
    await cached.page('ada', FIRST);
    expect(reader.reads).toBe(2);
    signals.hearing = false;
    await cached.page('ada', FIRST);
    await cached.page('ada', FIRST);
    expect(reader.reads).toBe(4);
  });
});
