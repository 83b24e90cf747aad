import { DAY_MS, MINUTE_MS } from '../../../shared/clock.js';

/**
 * The user's calendar days in their time zone, as the usage chart groups settlements: where each local day
 * starts, as an instant. Every UTC offset in use since 1980 is a whole number of quarter-hours, so a local
 * day starts on a quarter-hour; where midnight happens twice or never (zones that change their clocks at
 * midnight), the day starts at its first quarter-hour.
 */

/** Every UTC offset in use is a whole number of these. */
export const QUARTER_MS = 15 * MINUTE_MS;

export interface LocalDayStart {
  /** The local date, YYYY-MM-DD. */
  date: string;
  /** The first quarter-hour whose local date is `date`. */
  at: Date;
}

// Intl formatters are costly to build (~50 µs) and cheap to use: one per zone. A zone name that reaches here
// was validated (tokens.schemas.ts), so the map is bounded by the zones in use.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const wallFormats = new Map<string, Intl.DateTimeFormat>();

function formatFor(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let format = cache.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, ...options });
    cache.set(timeZone, format);
  }
  return format;
}

/** The local calendar date of an instant, YYYY-MM-DD. */
export function localDate(instant: number | Date, timeZone: string): string {
  return formatFor(dateFormats, timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** The zone's offset from UTC at an instant, in ms (the local wall clock read as if it were UTC, minus the instant). */
function offsetAt(instant: number, timeZone: string): number {
  const parts = formatFor(wallFormats, timeZone, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return wall - Math.floor(instant / MINUTE_MS) * MINUTE_MS;
}

// A day's start in a zone never changes: remembered per zone and day number, so a chart of 180 days costs
// 180 map lookups instead of ~540 Intl calls and as many date parses (measured ~1.5 ms of CPU per chart).
// Bounded: a zone's days are forgotten when it holds too many.
const starts = new Map<string, Map<number, number>>();
const STARTS_KEPT_PER_ZONE = 20_000;
const labels = new Map<number, string>();

/** Days since 1970-01-01 of a YYYY-MM-DD date. */
function dayNumberOf(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

/** The YYYY-MM-DD date of a day number. */
function labelOf(day: number): string {
  let label = labels.get(day);
  if (label === undefined) {
    label = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (labels.size >= STARTS_KEPT_PER_ZONE) labels.clear();
    labels.set(day, label);
  }
  return label;
}

function startOfDay(day: number, timeZone: string): number {
  let zone = starts.get(timeZone);
  if (!zone) {
    zone = new Map();
    starts.set(timeZone, zone);
  }
  let at = zone.get(day);
  if (at === undefined) {
    at = findDayStart(day, timeZone);
    if (zone.size >= STARTS_KEPT_PER_ZONE) zone.clear();
    zone.set(day, at);
  }
  return at;
}

/** The instant local `date` (YYYY-MM-DD) starts in `timeZone`. */
export function localDayStartOf(date: string, timeZone: string): Date {
  return new Date(startOfDay(dayNumberOf(date), timeZone));
}

function findDayStart(day: number, timeZone: string): number {
  const date = labelOf(day);
  const utcMidnight = day * DAY_MS;
  // Midnight at the offset the zone has around then; right unless the clocks change near midnight.
  const guess = utcMidnight - offsetAt(utcMidnight, timeZone);
  if (localDate(guess, timeZone) >= date && localDate(guess - QUARTER_MS, timeZone) < date) return guess;
  // The clocks changed near midnight: the first quarter-hour of the day lies within two hours of the guess.
  for (let at = guess - 8 * QUARTER_MS; at <= guess + 8 * QUARTER_MS; at += QUARTER_MS) {
    if (localDate(at, timeZone) >= date) return at;
  }
  return guess;
}

/** Every local day that starts within (from, to), in order. */
export function localDayStarts(from: Date, to: Date, timeZone: string): LocalDayStart[] {
  const found: LocalDayStart[] = [];
  if (from >= to) return found;
  const first = dayNumberOf(localDate(from, timeZone)) + 1;
  const last = dayNumberOf(localDate(to.getTime() - 1, timeZone));
  for (let day = first; day <= last; day += 1) {
    const at = startOfDay(day, timeZone);
    if (at > from.getTime() && at < to.getTime()) found.push({ date: labelOf(day), at: new Date(at) });
  }
  return found;
}
