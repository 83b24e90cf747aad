import { beforeEach, describe, expect, it } from 'vitest';
import { ownerAnswersCache } from '../../../src/modules/documents/http/owner-answers.cache.js';
import { DOCUMENT_CHANGED_SIGNAL, documentChangedKey } from '../../../src/modules/documents/infra/document-changed.signal.js';
import type { ResponseCache } from '../../../src/platform/http/response-cache.js';
import { fixedClock } from '../../../src/shared/clock.js';
import { FakeSignals } from '../../support/fakes/fake-signals.js';

describe('the unpaged documents list, kept as the bytes the server sends', () => {
  const clock = fixedClock('2026-05-01T08:00:00Z');
  let signals: FakeSignals;
  let cache: ResponseCache;
  let reads: number;
  const lists = new Map<string, string[]>();
  const load = (ownerId: string) => async () => {
    reads += 1;
    return (lists.get(ownerId) ?? []).map((name) => ({ documentName: name }));
  };
  const names = async (ownerId: string) => JSON.parse((await cache.keyed(ownerId, ownerId, load(ownerId))).body.toString()) as unknown;

  beforeEach(() => {
    clock.set('2026-05-01T08:00:00Z');
    reads = 0;
    lists.set('ada', ['Alpha', 'Beta']);
    lists.set('bob', ['Notes']);
    signals = new FakeSignals();
    cache = ownerAnswersCache(signals, { ttlMs: 5_000, maxEntries: 10, now: () => clock.now().getTime() });
  });

  it('reads and serialises an owner’s list once while it is fresh; another owner or an expired answer read again', async () => {
    const first = await cache.keyed('ada', 'ada', load('ada'));
    expect(await cache.keyed('ada', 'ada', load('ada'))).toBe(first);
    expect(reads).toBe(1);
    await names('bob');
    expect(reads).toBe(2);
    clock.advance(5_000);
    await names('ada');
    expect(reads).toBe(3);
  });

  it("drops an owner's answer when one of their documents changes, and only theirs", async () => {
    await names('ada');
    await names('bob');
    lists.set('ada', ['Alpha', 'Beta', 'Gamma']);
    signals.listeners.signal(DOCUMENT_CHANGED_SIGNAL, documentChangedKey('ada', 'doc-3'));
    expect(await names('ada')).toEqual([{ documentName: 'Alpha' }, { documentName: 'Beta' }, { documentName: 'Gamma' }]);
    await names('bob');
    expect(reads).toBe(3);
  });

  it('does not keep a list read while a change was signalled: it may predate the change', async () => {
    let release: () => void = () => undefined;
    const slow = cache.keyed('ada', 'ada', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return ['before the rename'];
    });
    await Promise.resolve();
    signals.listeners.signal(DOCUMENT_CHANGED_SIGNAL, documentChangedKey('ada', 'doc-1'));
    release();
    await slow;
    await names('ada');
    expect(reads).toBe(1);
  });

  it('keeps nothing while it may miss a signal, and nothing with a ttl of 0', async () => {
    signals.hearing = false;
    await names('ada');
    await names('ada');
    expect(reads).toBe(2);
    signals.hearing = true;
    const uncached = ownerAnswersCache(signals, { ttlMs: 0, maxEntries: 10, now: () => clock.now().getTime() });
    await uncached.keyed('ada', 'ada', load('ada'));
    await uncached.keyed('ada', 'ada', load('ada'));
    expect(reads).toBe(4);
  });
});
