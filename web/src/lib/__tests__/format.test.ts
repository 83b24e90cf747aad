import { describe, expect, it } from 'vitest';
import { formatLongDate, formatUsd } from '../format';

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
  });
});
