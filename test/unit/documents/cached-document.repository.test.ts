import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Document } from '../../../src/modules/documents/domain/document.js';
import { CachedDocumentRepository } from '../../../src/modules/documents/infra/cached.document.repository.js';
import { DOCUMENT_CHANGED_SIGNAL, documentChangedKey } from '../../../src/modules/documents/infra/document-changed.signal.js';
import { SignallingDocumentRepository } from '../../../src/modules/documents/infra/signalling.document.repository.js';
import { fixedClock } from '../../../src/shared/clock.js';
import { FakeSignals } from '../../support/fakes/fake-signals.js';
import { InMemoryDocumentRepository } from '../../support/fakes/in-memory-documents.js';

/** The database's side: every read is counted, and a read can be held up to race a change elsewhere. */
class CountingDocuments extends InMemoryDocumentRepository {
  reads = 0;
  gate: Promise<void> | null = null;


  override async findByForwardToken(token: string): Promise<Document | null> {
    this.reads += 1;
    const found = await super.findByForwardToken(token);
    if (this.gate) await this.gate;
    return found;
  }

  override async findOwned(ownerId: string, id: string): Promise<Document | null> {
    this.reads += 1;
    const found = await super.findOwned(ownerId, id);
    if (this.gate) await this.gate;
    return found;
  }

  override async processedCount(ownerId: string, id: string): Promise<number | null> {
    this.reads += 1;
    return super.processedCount(ownerId, id);
  }
}

/** As the real buses do, a signal is heard in this process at once, before it goes to the others. */
class HeardHereSignals extends FakeSignals {
  override signal(topic: string, key: string): Promise<void> {
    this.listeners.signal(topic, key);
    return super.signal(topic, key);
  }
}

const TTL_MS = 5_000;
const OWNER = 'owner-1';

describe('documents looked up for mail, from a short in-process cache', () => {
  const clock = fixedClock('2026-05-01T08:00:00Z');
  let rows: CountingDocuments;
  let signals: FakeSignals;
  let cached: CachedDocumentRepository;

  beforeEach(async () => {
    clock.set('2026-05-01T08:00:00Z');
    rows = new CountingDocuments();
    signals = new HeardHereSignals();
    // As the module wires it: the cache reads through the repository that announces every change.
    cached = new CachedDocumentRepository(new SignallingDocumentRepository(rows, signals), signals, { ttlMs: TTL_MS, maxEntries: 100, now: () => clock.now().getTime() });
    await rows.claim({ id: 'doc-1', ownerId: OWNER, name: 'Notes', description: '', emails: ['ada@example.com'], forwardToken: 'tok1', forwardEmail: 'notes-tok1@in.example.com', overwriteAtBeginning: false });
    await rows.complete('doc-1', 'external-1');
    rows.reads = 0;
  });

  it('reads an address and a document once while the entries are fresh, and again once they expired', async () => {
    expect(await cached.findByForwardToken('tok1')).toMatchObject({ id: 'doc-1', ownerId: OWNER });
    expect((await cached.findOwned(OWNER, 'doc-1'))?.emails).toEqual(['ada@example.com']);
    clock.advance(TTL_MS - 1);
    await cached.findByForwardToken('tok1');
    await cached.findOwned(OWNER, 'doc-1');
    expect(rows.reads).toBe(2);
    clock.advance(1);
    await cached.findByForwardToken('tok1');
    await cached.findOwned(OWNER, 'doc-1');
    expect(rows.reads).toBe(4);
  });

  it('sees an allow-list change made here at once, and tells the other processes', async () => {
    await cached.findOwned(OWNER, 'doc-1');
    await cached.addEmail(OWNER, 'doc-1', 'grace@example.com');
    expect((await cached.findOwned(OWNER, 'doc-1'))?.emails).toEqual(['ada@example.com', 'grace@example.com']);
    await cached.removeEmail(OWNER, 'doc-1', 'ada@example.com');
    expect((await cached.findOwned(OWNER, 'doc-1'))?.emails).toEqual(['grace@example.com']);
    expect(signals.sent).toEqual([
      { topic: DOCUMENT_CHANGED_SIGNAL, key: documentChangedKey(OWNER, 'doc-1') },
      { topic: DOCUMENT_CHANGED_SIGNAL, key: documentChangedKey(OWNER, 'doc-1') },
    ]);
  });

  it('stops an address at once when its document is deleted here', async () => {
    await cached.findByForwardToken('tok1');
    expect(await cached.delete(OWNER, 'doc-1')).toBe(true);
    expect(await cached.findByForwardToken('tok1')).toBeNull();
    expect(await cached.findOwned(OWNER, 'doc-1')).toBeNull();
  });

  it('drops a document when another process signals that it changed, and everything when signals may have been missed', async () => {
    await cached.findByForwardToken('tok1');
    await cached.findOwned(OWNER, 'doc-1');
    // Another process deleted it and signalled it.
    await rows.delete(OWNER, 'doc-1');
    signals.listeners.signal(DOCUMENT_CHANGED_SIGNAL, documentChangedKey(OWNER, 'doc-1'));
    expect(await cached.findByForwardToken('tok1')).toBeNull();
    expect(await cached.findOwned(OWNER, 'doc-1')).toBeNull();

    await rows.claim({ id: 'doc-2', ownerId: OWNER, name: 'Other', description: '', emails: [], forwardToken: 'tok2', forwardEmail: 'other-tok2@in.example.com', overwriteAtBeginning: false });
    await rows.complete('doc-2', 'external-2');
    await cached.findByForwardToken('tok2');
    await rows.delete(OWNER, 'doc-2');
    signals.listeners.reset();
    expect(await cached.findByForwardToken('tok2')).toBeNull();
  });

  it('reads the database every time while this process does not hear every signal', async () => {
    signals.hearing = false;
    await cached.findByForwardToken('tok1');
    await cached.findByForwardToken('tok1');
    await cached.findOwned(OWNER, 'doc-1');
    await cached.findOwned(OWNER, 'doc-1');
    expect(rows.reads).toBe(4);
  });

  it('does not keep an answer read before a change while the read was under way', async () => {
    let release = () => undefined as void;
    rows.gate = new Promise<void>((resolve) => (release = resolve));
    const racing = cached.findOwned(OWNER, 'doc-1');
    await vi.waitFor(() => expect(rows.reads).toBe(1));
    await cached.addEmail(OWNER, 'doc-1', 'grace@example.com');
    release();
    // This read may have seen the list before the change: it must not be remembered.
    await racing;
    rows.gate = null;
    expect((await cached.findOwned(OWNER, 'doc-1'))?.emails).toEqual(['ada@example.com', 'grace@example.com']);
  });

  it('never caches an address that leads nowhere, nor a processed count', async () => {
    expect(await cached.findByForwardToken('unknown')).toBeNull();
    expect(await cached.findByForwardToken('unknown')).toBeNull();
    await cached.processedCount(OWNER, 'doc-1');
    await cached.processedCount(OWNER, 'doc-1');
    expect(rows.reads).toBe(4);
  });

  it('drops the copies of an account’s erased documents once the erasure is announced after its commit', async () => {
    await cached.findOwned(OWNER, 'doc-1');
    await rows.delete(OWNER, 'doc-1');
    await cached.erasureCommitted(OWNER, ['doc-1']);
    expect(await cached.findOwned(OWNER, 'doc-1')).toBeNull();
    expect(signals.sent).toEqual([{ topic: DOCUMENT_CHANGED_SIGNAL, key: documentChangedKey(OWNER, 'doc-1') }]);
  });
});
