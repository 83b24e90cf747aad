import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PreparedJson } from '../../../src/platform/http/prepared-json.js';
import { ResponseCache } from '../../../src/platform/http/response-cache.js';

describe('answers kept for as long as the value they present', () => {
  it('prepares the answer of a kept value once and hands the same bytes to every later request', () => {
    const answers = new ResponseCache();
    const days = [{ date: '2026-11-27', usedTokens: 3 }];
    let presented = 0;
    const present = () => {
      presented += 1;
      return { usage: days };
    };
    const first = answers.tiedTo(days, present);
    const again = answers.tiedTo(days, present);
    expect(again).toBe(first);
    expect(presented).toBe(1);
    expect(JSON.parse(first.body.toString())).toEqual({ usage: [{ date: '2026-11-27', usedTokens: 3 }] });
  });

  it('prepares a new answer, with a new ETag, for the new value a change gives', () => {
    const answers = new ResponseCache();
    const before = answers.tiedTo([{ usedTokens: 3 }], () => ({ usage: [{ usedTokens: 3 }] }));
    const after = answers.tiedTo([{ usedTokens: 4 }], () => ({ usage: [{ usedTokens: 4 }] }));
    expect(after).not.toBe(before);
    expect(after.etag).not.toBe(before.etag);
  });

  it('gives equal values kept apart their own answers, each with the ETag of its own JSON', () => {
    const answers = new ResponseCache();
    const one = answers.tiedTo([1], () => [1]);
    const other = answers.tiedTo([1], () => [1]);
    expect(other).not.toBe(one);
    expect(other.etag).toBe(one.etag);
  });

  it('prepares the same value again when the answer around it differs (another page of the same cards)', () => {
    const answers = new ResponseCache();
    const cards = { cards: [], total: 0 };
    const first = answers.tiedTo(cards, () => ({ ...cards, page: 1 }), '1 10');
    const other = answers.tiedTo(cards, () => ({ ...cards, page: 2 }), '2 10');
    expect(JSON.parse(other.body.toString())).toEqual({ cards: [], total: 0, page: 2 });
    expect(other.etag).not.toBe(first.etag);
    expect(answers.tiedTo(cards, () => ({ ...cards, page: 2 }), '2 10')).toBe(other);
  });
});

describe('answers kept under a key', () => {
  const options = { ttlMs: 5_000, maxEntries: 10, maxKeptBytes: 1_000, now: () => 0, trusted: () => true };

  it('loads a key once while it is kept, and again once its group is forgotten', async () => {
    const answers = new ResponseCache(options);
    let loads = 0;
    const load = () => {
      loads += 1;
      return Promise.resolve({ loads });
    };
    const first = await answers.keyed('ada', 'owner-ada', load);
    expect(await answers.keyed('ada', 'owner-ada', load)).toBe(first);
    answers.forget('owner-bob');
    expect(await answers.keyed('ada', 'owner-ada', load)).toBe(first);
    answers.forget('owner-ada');
    expect(JSON.parse((await answers.keyed('ada', 'owner-ada', load)).body.toString())).toEqual({ loads: 2 });
  });

  it('sends but does not keep an answer larger than its limit, and keeps nothing by default', async () => {
    const large = new ResponseCache(options);
    let loads = 0;
    const load = () => {
      loads += 1;
      return Promise.resolve('x'.repeat(2_000));
    };
    await large.keyed('ada', 'ada', load);
    await large.keyed('ada', 'ada', load);
    const none = new ResponseCache();
    await none.keyed('ada', 'ada', load);
    await none.keyed('ada', 'ada', load);
    expect(loads).toBe(4);
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
