import { describe, expect, it } from 'vitest';
import { localDate, localDayStartOf, localDayStarts } from '../../../src/modules/token-ledger/domain/local-days.js';

const MINUTE = 60_000;
// Havana and Santiago change their clocks at midnight (a midnight that happens twice or never); Lord Howe by
// half an hour; Kathmandu, St John's and Chatham are off the hour.
const ZONES = ['UTC', 'Europe/Warsaw', 'Asia/Kathmandu', 'America/St_Johns', 'Pacific/Chatham', 'Australia/Lord_Howe', 'America/Havana', 'America/Santiago'];

/** The first minute whose local date is `day`: stepping by hours to the day, then back minute by minute. */
function steppedStart(day: string, timeZone: string): number {
  let at = Date.parse(`${day}T00:00:00Z`) - 15 * 60 * MINUTE;
  while (localDate(at, timeZone) < day) at += 60 * MINUTE;
  while (localDate(at - MINUTE, timeZone) >= day) at -= MINUTE;
  return at;
}

describe('local day starts', () => {
  it.each(ZONES)('finds where each day of 2026 starts in %s, DST changes included', (timeZone) => {
    for (let at = Date.parse('2026-01-01T00:00:00Z'); at < Date.parse('2027-01-01T00:00:00Z'); at += 24 * 60 * MINUTE) {
      const day = new Date(at).toISOString().slice(0, 10);
      expect({ day, start: localDayStartOf(day, timeZone).getTime() }).toEqual({ day, start: steppedStart(day, timeZone) });
    }
  });

  it('lists the days that start inside a range, each once, in order', () => {
    const starts = localDayStarts(new Date('2026-03-27T12:00:00Z'), new Date('2026-03-31T00:00:00Z'), 'Europe/Warsaw');
    expect(starts.map((start) => [start.date, start.at.toISOString()])).toEqual([
      ['2026-03-28', '2026-03-27T23:00:00.000Z'],
      ['2026-03-29', '2026-03-28T23:00:00.000Z'],
      ['2026-03-30', '2026-03-29T22:00:00.000Z'],
      ['2026-03-31', '2026-03-30T22:00:00.000Z'],
    ]);
  });

  it('leaves out a day starting exactly at either end of the range', () => {
    const midnight = localDayStartOf('2026-06-02', 'Europe/Warsaw');
    expect(localDayStarts(midnight, new Date(midnight.getTime() + 24 * 60 * MINUTE), 'Europe/Warsaw')).toEqual([]);
    expect(localDayStarts(new Date(midnight.getTime() + 1), new Date(midnight.getTime() + 2), 'Europe/Warsaw')).toEqual([]);
  });
});
