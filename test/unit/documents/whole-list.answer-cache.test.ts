import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import { DOCUMENT_CHANGED_SIGNAL, documentChangedKey } from '../../../src/modules/documents/infra/document-changed.signal.js';
import { WholeListAnswerCache } from '../../../src/modules/documents/http/whole-list.answer-cache.js';
import { PreparedJson } from '../../../src/platform/http/prepared-json.js';
import { fixedClock } from '../../../src/shared/clock.js';
import { FakeSignals } from '../../support/fakes/fake-signals.js';

describe('the unpaged documents list, kept as the bytes the server sends', () => {
  const clock = fixedClock('2026-05-01T08:00:00Z');
  let signals: FakeSignals;
  let cache: WholeListAnswerCache;
  let reads: number;
  const lists = new Map<string, string[]>();
  const load = (ownerId: string) => async () => {
    reads += 1;
    return (lists.get(ownerId) ?? []).map((name) => ({ documentName: name }));
  };
  const names = async (ownerId: string) => JSON.parse((await cache.answer(ownerId, load(ownerId))).body.toString()) as unknown;

  beforeEach(() => {
    clock.set('2026-05-01T08:00:00Z');
    reads = 0;
    lists.set('ada', ['Alpha', 'Beta']);
    lists.set('bob', ['Notes']);
    signals = new FakeSignals();
    cache = new WholeListAnswerCache(signals, { ttlMs: 5_000, maxEntries: 10, now: () => clock.now().getTime() });
  });

  it('reads and serialises an owner’s list once while it is fresh; another owner or an expired answer read again', async () => {
    const first = await cache.answer('ada', load('ada'));
    expect(await cache.answer('ada', load('ada'))).toBe(first);
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
    const slow = cache.answer('ada', async () => {
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
    const uncached = new WholeListAnswerCache(signals, { ttlMs: 0, maxEntries: 10, now: () => clock.now().getTime() });
    await uncached.answer('ada', load('ada'));
    await uncached.answer('ada', load('ada'));
    expect(reads).toBe(4);
  });
});

describe('a prepared JSON answer', () => {
  it('holds the JSON, a weak ETag of it, and Brotli and gzip forms made once that decode to the same bytes', () => {
    const value = Array.from({ length: 200 }, (_, index) => ({ documentName: `Document ${index}`, emails: ['ada@example.com'] }));
    const answer = new PreparedJson(value);
    expect(answer.body.toString()).toBe(JSON.stringify(value));
    expect(answer.etag).toMatch(/^W\/"[A-Za-z0-9_-]{43}"$/);
    expect(new PreparedJson(value).etag).toBe(answer.etag);
    const br = answer.encodedAs('br');
    expect(answer.encodedAs('br')).toBe(br);
    expect(brotliDecompressSync(br).equals(answer.body)).toBe(true);
    expect(gunzipSync(answer.encodedAs('gzip')).equals(answer.body)).toBe(true);
    expect(br.length).toBeLessThan(answer.body.length / 4);
  });
});
