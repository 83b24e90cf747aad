import { describe, expect, it } from 'vitest';
import { formatLongDate, formatUsd, formatUsdBetween } from '../format';

describe('formatting', () => {
  it('writes dates as long-form US dates', () => {
    expect(formatLongDate('2025-09-01T12:00:00Z')).toBe('September 1, 2025');
  });

  it.each([[null], [undefined], [''], ['not a date']])('writes "-" for a missing date (%s)', (value) => {
    expect(formatLongDate(value)).toBe('-');
  });

  it('writes dollars with the requested decimals', () => {
    expect(formatUsd(0.0123456, 4)).toBe('$0.0123');
    expect(formatUsd(12.5)).toBe('$12.50');
    expect(formatUsd(9, 0)).toBe('$9');
  });

  it('groups thousands and puts the sign before the symbol, as Intl.NumberFormat does', () => {
    expect(formatUsd(20_000_000)).toBe('$20,000,000.00');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(-5)).toBe('-$5.00');
  });

  it('writes as few decimals as the amount needs within a range', () => {
    expect(formatUsdBetween(0.01, 2, 4)).toBe('$0.01');
    expect(formatUsdBetween(0.0125, 2, 4)).toBe('$0.0125');
    expect(formatUsdBetween(12_000.5, 2, 4)).toBe('$12,000.50');
  });
});
