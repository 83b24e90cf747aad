import { describe, expect, it } from 'vitest';
import { formatTotal, parseTokenAmount, roundUpToUnit } from '../token-amount';

describe('token amount', () => {
  it.each([
    ['1000', 1000],
    ['150.5', 150.5],
    ['', 0],
    ['   ', 0],
    ['abc', 0],
    ['-300', 0],
    ['Infinity', 0],
  ])('reads %j as %d', (text, amount) => {
    expect(parseTokenAmount(text)).toBe(amount);
  });

  it('rounds up to whole multiples of the token unit', () => {
    expect(roundUpToUnit(150.2)).toBe(151);
    expect(roundUpToUnit(150)).toBe(150);
    expect(roundUpToUnit(0)).toBe(0);
    expect(roundUpToUnit(101, 100)).toBe(200);
  });

  it('writes the total in dollars with 2 decimals and thousands grouped', () => {
    expect(formatTotal(1000, 0.01)).toBe('$10.00');
    expect(formatTotal(150, 0.07)).toBe('$10.50');
    expect(formatTotal(0, 0.01)).toBe('$0.00');
    expect(formatTotal(1_000_000_000, 0.02)).toBe('$20,000,000.00');
  });
});
