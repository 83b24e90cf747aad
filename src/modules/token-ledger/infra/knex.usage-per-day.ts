import type { Database } from '../../../platform/db/database.js';
import type { UsageDayRow } from '../application/ports/ledger.repository.port.js';
import { localDate, localDayStarts, QUARTER_MS } from '../domain/local-days.js';
const floorQuarter = (instant: Date) => new Date(Math.floor(instant.getTime() / QUARTER_MS) * QUARTER_MS);
const ceilQuarter = (instant: Date) => new Date(Math.ceil(instant.getTime() / QUARTER_MS) * QUARTER_MS);

/** A Postgres array literal of instants as epoch seconds: 180 `toISOString` calls cost ~0.17 ms, this a tenth of it. */
const instants = (list: Date[]) => `{${list.map((at) => at.getTime() / 1000).join(',')}}`;

/**
 * One statement: the running totals kept beside the ledger (token_usage_quarters, migration 20261125120000)
 * just before each bound, one index probe each, and the settlements of the partial quarter-hours at the
 * range's ends from the ledger's own rows. Bounds come as `i` 1…n, edges as `-1…-m`.
 */
const USAGE_SQL = `
  SELECT b.i, r.cum_tokens AS tokens, r.cum_settlements AS settlements
  FROM unnest(?::float8[]) WITH ORDINALITY AS b(seconds, i)
  LEFT JOIN LATERAL (
    SELECT cum_tokens, cum_settlements FROM token_usage_quarters
    WHERE user_id = ? AND quarter < to_timestamp(b.seconds) ORDER BY quarter DESC LIMIT 1
  ) r ON true
  UNION ALL
  SELECT -e.i, s.tokens, s.settlements
  FROM unnest(?::float8[], ?::float8[]) WITH ORDINALITY AS e(lo, hi, i)
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(tokens), 0) AS tokens, count(*) AS settlements FROM token_ledger
    WHERE user_id = ? AND kind = 'settle' AND created_at >= to_timestamp(e.lo) AND created_at < to_timestamp(e.hi)
  ) s`;

interface Piece {
  date: string;
  tokens: number;
  settlements: number;
}

/**
 * Usage per local day of `timeZone` over [from, to), days with usage only, oldest first. The whole
 * quarter-hours are cut where the local date changes (domain/local-days.ts, worked out here rather than in
 * SQL: measured ~1.1 ms of Postgres per 180-day chart) and each piece's usage is the difference of the
 * running totals at its two ends; so 180 days cost ~180 index probes, however many mails.
 */
export async function usagePerDay(db: Database, userId: string, range: { from: Date; to: Date; timeZone: string }): Promise<UsageDayRow[]> {
  const { from, to, timeZone } = range;
  if (from >= to) return [];
  const whole = { from: ceilQuarter(from), to: floorQuarter(to) };
  const bounds: Date[] = [];
  const boundDates: string[] = [];
  const edges: { lo: Date; hi: Date; date: string }[] = [];
  if (whole.from > whole.to) {
    // Within one quarter-hour, so within one local day.
    edges.push({ lo: from, hi: to, date: localDate(from, timeZone) });
  } else {
    if (from < whole.from) edges.push({ lo: from, hi: whole.from, date: localDate(from, timeZone) });
    if (whole.to < to) edges.push({ lo: whole.to, hi: to, date: localDate(whole.to, timeZone) });
    if (whole.from < whole.to) {
      bounds.push(whole.from);
      boundDates.push(localDate(whole.from, timeZone));
      for (const start of localDayStarts(whole.from, whole.to, timeZone)) {
        bounds.push(start.at);
        boundDates.push(start.date);
      }
      bounds.push(whole.to);
    }
  }

  const result = (await db.raw(USAGE_SQL, [
    instants(bounds),
    userId,
    instants(edges.map((edge) => edge.lo)),
    instants(edges.map((edge) => edge.hi)),
    userId,
  ])) as { rows: { i: number | string; tokens: number | string | null; settlements: number | string | null }[] };

  const cumulative = new Map<number, { tokens: number; settlements: number }>();
  const pieces: Piece[] = [];
  for (const row of result.rows) {
    const i = Number(row.i);
    const totals = { tokens: Number(row.tokens ?? 0), settlements: Number(row.settlements ?? 0) };
    if (i > 0) cumulative.set(i, totals);
    else pieces.push({ date: (edges[-i - 1] as { date: string }).date, ...totals });
  }
  // Piece k lies between bounds k and k + 1 (1-based), on the local date its first bound starts.
  for (let k = 1; k < bounds.length; k += 1) {
    const start = cumulative.get(k) ?? { tokens: 0, settlements: 0 };
    const end = cumulative.get(k + 1) ?? { tokens: 0, settlements: 0 };
    pieces.push({ date: boundDates[k - 1] as string, tokens: end.tokens - start.tokens, settlements: end.settlements - start.settlements });
  }

  const days = new Map<string, UsageDayRow>();
  for (const piece of pieces) {
    if (piece.settlements === 0) continue;
    const day = days.get(piece.date) ?? { date: piece.date, usedTokens: 0, settlements: 0 };
    day.usedTokens += piece.tokens;
    day.settlements += piece.settlements;
    days.set(piece.date, day);
  }
  return [...days.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
