import { describe, expect, it } from 'vitest';
import { buildDailySeries, chartRangeStart } from '../utils/usage-chart';

const now = new Date(2026, 2, 15, 14, 45, 12); // 15 March 2026, local time

describe('chart range start', () => {
  it('is local midnight of today minus (days − 1)', () => {
    expect(chartRangeStart(30, now)).toEqual(new Date(2026, 1, 14, 0, 0, 0, 0));
    expect(chartRangeStart(7, now)).toEqual(new Date(2026, 2, 9));
    expect(chartRangeStart(1, now)).toEqual(new Date(2026, 2, 15));
  });

  it('crosses year boundaries', () => {
    expect(chartRangeStart(180, new Date(2026, 0, 10, 8))).toEqual(new Date(2025, 6, 15));
  });
});

describe('daily series', () => {
  it('has one point per day of the range, oldest first, labelled MM/DD', () => {
    const series = buildDailySeries([], 30, now);

    expect(series).toHaveLength(30);
    expect(series[0]).toEqual({ date: '02/14', mails: 0, tokens: 0 });
    expect(series[29]).toEqual({ date: '03/15', mails: 0, tokens: 0 });
    expect(series.map((point) => point.date)).toContain('02/28');
    expect(series.map((point) => point.date)).toContain('03/01');
  });

  it('puts each day’s mails and tokens on its day and fills the missing days with 0', () => {
    const series = buildDailySeries(
      [
        { date: '2026-02-14', usedTokens: 12, processedMails: 3 },
        { date: '2026-03-01', usedTokens: 7, processedMails: 7 },
        { date: '2026-03-15', usedTokens: 30, processedMails: 1 },
      ],
      30,
      now,
    );

    expect(series.filter((point) => point.tokens > 0)).toEqual([
      { date: '02/14', mails: 3, tokens: 12 },
      { date: '03/01', mails: 7, tokens: 7 },
      { date: '03/15', mails: 1, tokens: 30 },
    ]);
    expect(series.filter((point) => point.tokens === 0 && point.mails === 0)).toHaveLength(27);
  });

  it('adds up repeated days and ignores days outside the range', () => {
    const series = buildDailySeries(
      [
        { date: '2026-03-10', usedTokens: 5, processedMails: 1 },
        { date: '2026-03-10', usedTokens: 6, processedMails: 2 },
        { date: '2026-03-08', usedTokens: 100, processedMails: 9 },
        { date: '2026-03-16', usedTokens: 100, processedMails: 9 },
      ],
      7,
      now,
    );

    expect(series.map((point) => point.date)).toEqual(['03/09', '03/10', '03/11', '03/12', '03/13', '03/14', '03/15']);
    expect(series.map((point) => point.tokens)).toEqual([0, 11, 0, 0, 0, 0, 0]);
    expect(series.map((point) => point.mails)).toEqual([0, 3, 0, 0, 0, 0, 0]);
  });

  it('covers 180 days across a year boundary', () => {
    const series = buildDailySeries([{ date: '2025-12-31', usedTokens: 3, processedMails: 2 }], 180, new Date(2026, 0, 10, 8));

    expect(series).toHaveLength(180);
    expect(series[0]?.date).toBe('07/15');
    expect(series.at(-1)?.date).toBe('01/10');
    expect(series.find((point) => point.date === '12/31')).toEqual({ date: '12/31', mails: 2, tokens: 3 });
  });
});
