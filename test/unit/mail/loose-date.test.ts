import { describe, expect, it } from 'vitest';
import { looseDateToInstant, parseLooseDate, writtenDay } from '../../../src/modules/mail/domain/loose-date.js';

const instant = (written: string) => {
  const date = parseLooseDate(written);
  return date ? looseDateToInstant(date)?.toISOString() ?? null : undefined;
};

describe('parseLooseDate', () => {
  it.each([
    ['Mon, 3 Mar 2025 10:00:00 +0100', '2025-03-03T09:00:00.000Z'],
    ['Monday, March 3, 2025, 10:00:00 AM GMT+1', '2025-03-03T09:00:00.000Z'],
    ['3 March 2025 at 10:00:00 CET', '2025-03-03T09:00:00.000Z'],
    ['Tue, Mar 4, 2025 at 2:30 PM UTC', '2025-03-04T14:30:00.000Z'],
  ])('reads %s with its zone as an instant', (written, expected) => {
    expect(instant(written)).toBe(expected);
  });

  it.each([
    ['Mon, 3 Mar 2025 at 10:00', { year: 2025, month: 3, day: 3, hour: 10, minute: 0 }],
    ['Montag, 3. März 2025 10:00', { year: 2025, month: 3, day: 3, hour: 10, minute: 0 }],
    ['lundi 3 mars 2025 10:00', { year: 2025, month: 3, day: 3, hour: 10, minute: 0 }],
    ['lunes, 3 de marzo de 2025 10:00', { year: 2025, month: 3, day: 3, hour: 10, minute: 0 }],
    ['poniedziałek, 3 marca 2025 10:00', { year: 2025, month: 3, day: 3, hour: 10, minute: 0 }],
    ['pon., 30 wrz 2024 o 09:12', { year: 2024, month: 9, day: 30, hour: 9, minute: 12 }],
    ['2025年3月3日(月) 10:00', { year: 2025, month: 3, day: 3, hour: 10, minute: 0 }],
    ['03.03.2025 10:00', { year: 2025, month: 3, day: 3, hour: 10, minute: 0 }],
  ])('reads %s as written, with no zone', (written, expected) => {
    expect(parseLooseDate(written)).toEqual({ ...expected, offsetMinutes: null });
    expect(instant(written)).toBeNull();
  });

  it('reads a 12-hour clock', () => {
    expect(parseLooseDate('Tuesday, March 4, 2025 12:15 AM')).toMatchObject({ hour: 0, minute: 15 });
    expect(parseLooseDate('Tuesday, March 4, 2025 9:05 pm')).toMatchObject({ hour: 21, minute: 5 });
  });

  it('gives up on text that is no date', () => {
    expect(parseLooseDate('yesterday')).toBeNull();
    expect(parseLooseDate('')).toBeNull();
    expect(parseLooseDate('32 March 2025')).toBeNull();
  });
});

describe('writtenDay', () => {
  it('writes a day with the English month abbreviation, and keeps an impossible month as its number', () => {
    expect(writtenDay(3, 3, 2025)).toBe('3 Mar 2025');
    expect(writtenDay(31, 12, 2026)).toBe('31 Dec 2026');
    expect(writtenDay(1, 13, 2025)).toBe('1 13 2025');
  });
});
