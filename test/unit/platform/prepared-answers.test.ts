import { describe, expect, it } from 'vitest';
import { PreparedAnswers } from '../../../src/platform/http/prepared-json.js';

describe('PreparedAnswers', () => {
  it('prepares the answer of a kept value once and hands the same bytes to every later request', () => {
    const answers = new PreparedAnswers();
    const days = [{ date: '2026-11-27', usedTokens: 3 }];
    let presented = 0;
    const present = () => {
      presented += 1;
      return { usage: days };
    };
    const first = answers.answerFor(days, present);
    const again = answers.answerFor(days, present);
    expect(again).toBe(first);
    expect(presented).toBe(1);
    expect(JSON.parse(first.body.toString())).toEqual({ usage: [{ date: '2026-11-27', usedTokens: 3 }] });
  });

  it('prepares a new answer, with a new ETag, for the new value a change gives', () => {
    const answers = new PreparedAnswers();
    const before = answers.answerFor([{ usedTokens: 3 }], () => ({ usage: [{ usedTokens: 3 }] }));
    const after = answers.answerFor([{ usedTokens: 4 }], () => ({ usage: [{ usedTokens: 4 }] }));
    expect(after).not.toBe(before);
    expect(after.etag).not.toBe(before.etag);
  });

  it('gives equal values kept apart their own answers, each with the ETag of its own JSON', () => {
    const answers = new PreparedAnswers();
    const one = answers.answerFor([1], () => [1]);
    const other = answers.answerFor([1], () => [1]);
    expect(other).not.toBe(one);
    expect(other.etag).toBe(one.etag);
  });

  it('prepares the same value again when the answer around it differs (another page of the same cards)', () => {
    const answers = new PreparedAnswers();
    const cards = { cards: [], total: 0 };
    const first = answers.answerFor(cards, () => ({ ...cards, page: 1 }), '1 10');
    const other = answers.answerFor(cards, () => ({ ...cards, page: 2 }), '2 10');
    expect(JSON.parse(other.body.toString())).toEqual({ cards: [], total: 0, page: 2 });
    expect(other.etag).not.toBe(first.etag);
    expect(answers.answerFor(cards, () => ({ ...cards, page: 2 }), '2 10')).toBe(other);
  });
});
