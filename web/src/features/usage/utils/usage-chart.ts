// The chart's range and its day-by-day series (docs/product.md § Usage).

export const CHART_RANGES = [7, 30, 90, 180] as const;
export type ChartRange = (typeof CHART_RANGES)[number];
export const DEFAULT_CHART_RANGE: ChartRange = 30;

/** A day of the chart: its MM/DD label, the mails processed and the tokens used that day. */
export type ChartPoint = { date: string; mails: number; tokens: number };

/** A day as the server reports it (GET /api/tokens/usage/chart). */
type UsageDay = { date: string; usedTokens: number; processedMails: number };

const pad = (value: number) => String(value).padStart(2, '0');

/** Local midnight of (today − days + 1): the first instant of a range of `days` days ending today. */
export function chartRangeStart(days: number, now: Date = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - days + 1);
}

/** The browser's IANA time zone, sent so the server groups days the way this chart shows them. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function dayKey(day: Date): string {
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/**
 * Every local day of the range, oldest first, with the mails and tokens the server reported for it
 * (`YYYY-MM-DD` days in the browser's zone) and 0 for the days it left out.
 */
export function buildDailySeries(usage: readonly UsageDay[], days: number, now: Date = new Date()): ChartPoint[] {
  const byDay = new Map<string, { mails: number; tokens: number }>();
  for (const { date, usedTokens, processedMails } of usage) {
    const day = byDay.get(date) ?? { mails: 0, tokens: 0 };
    byDay.set(date, { mails: day.mails + processedMails, tokens: day.tokens + usedTokens });
  }

  const start = chartRangeStart(days, now);
  return Array.from({ length: days }, (_, index) => {
    // Built from calendar fields, so a daylight-saving change never skips or repeats a day.
    const day = new Date(start.getFullYear(), start.getMonth(), start.getDate() + index);
    return { date: `${pad(day.getMonth() + 1)}/${pad(day.getDate())}`, ...(byDay.get(dayKey(day)) ?? { mails: 0, tokens: 0 }) };
  });
}
