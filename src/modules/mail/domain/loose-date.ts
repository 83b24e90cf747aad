import { DAY_MS, MINUTE_MS } from '../../../shared/clock.js';

/**
 * Reads a date as a mail client writes it in a forwarded header block, in the common languages:
 * `Mon, 3 Mar 2025 at 10:00`, `Monday, March 3, 2025, 10:00:00 AM GMT+1`, `Montag, 3. März 2025 10:00`,
 * `lundi 3 mars 2025 10:00`, `poniedziałek, 3 marca 2025 10:00`, `2025年3月3日(月) 10:00`,
 * `3/4/2025 10:00 AM`. Only what is written is used: with no zone, the time is the writer's local time
 * (see looseDateInForwarderZone for when the forward itself tells which that is).
 */
export interface LooseDate {
  year: number;
  month: number;
  day: number;
  /** null when no time is written. */
  hour: number | null;
  minute: number | null;
  /** Minutes east of UTC; null when no zone is written (or only a zone name we do not know). */
  offsetMinutes: number | null;
}

// Month names and their common abbreviations and inflections (Polish and Czech genitive forms included).
const MONTHS: readonly (readonly string[])[] = [
  ['jan', 'january', 'januar', 'janvier', 'enero', 'ene', 'gennaio', 'gen', 'januari', 'stycznia', 'styczeń', 'sty', 'jän', 'jänner', 'janeiro'],
  ['feb', 'february', 'februar', 'février', 'fevrier', 'févr', 'febrero', 'febbraio', 'februari', 'lutego', 'luty', 'lut', 'fevereiro', 'fev'],
  ['mar', 'march', 'märz', 'maerz', 'mars', 'marzo', 'maart', 'marca', 'marzec', 'março', 'mär'],
  ['apr', 'april', 'avril', 'avr', 'abril', 'abr', 'aprile', 'kwietnia', 'kwiecień', 'kwi'],
  ['may', 'mai', 'mayo', 'maggio', 'mag', 'mei', 'maja', 'maj', 'maio'],
  ['jun', 'june', 'juni', 'juin', 'junio', 'giugno', 'giu', 'czerwca', 'czerwiec', 'cze', 'junho'],
  ['jul', 'july', 'juli', 'juillet', 'juil', 'julio', 'luglio', 'lug', 'lipca', 'lipiec', 'lip', 'julho'],
  ['aug', 'august', 'août', 'aout', 'agosto', 'ago', 'augustus', 'sierpnia', 'sierpień', 'sie'],
  ['sep', 'sept', 'september', 'septembre', 'septiembre', 'settembre', 'set', 'września', 'wrzesień', 'wrz', 'setembro'],
  ['oct', 'october', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre', 'ott', 'października', 'październik', 'paź', 'outubro', 'out'],
  ['nov', 'november', 'novembre', 'noviembre', 'listopada', 'listopad', 'lis', 'novembro'],
  ['dec', 'december', 'dezember', 'dez', 'décembre', 'decembre', 'déc', 'diciembre', 'dic', 'dicembre', 'grudnia', 'grudzień', 'gru', 'dezembro'],
];
const MONTH_BY_NAME = new Map<string, number>(MONTHS.flatMap((names, index) => names.map((name) => [name, index + 1] as const)));

const ZONES: Record<string, number> = {
  utc: 0, gmt: 0, ut: 0, z: 0, wet: 0, bst: 60, cet: 60, cest: 120, met: 60, mest: 120, eet: 120, eest: 180,
  est: -300, edt: -240, cst: -360, cdt: -300, mst: -420, mdt: -360, pst: -480, pdt: -420, ist: 330, jst: 540, kst: 540,
  aest: 600, aedt: 660,
};

export function parseLooseDate(written: string): LooseDate | null {
  const text = written.slice(0, 200).toLowerCase().replace(/\s+/g, ' ').trim();
  const day = dayMonthYear(text);
  if (!day) return null;
  const time = timeOf(text);
  return { ...day, ...time, offsetMinutes: time.hour === null ? null : zoneOf(text) };
}

/** The instant when the zone is known, else null. */
export function looseDateToInstant(date: LooseDate): Date | null {
  if (date.offsetMinutes === null || date.hour === null || date.minute === null) return null;
  const utc = Date.UTC(date.year, date.month - 1, date.day, date.hour, date.minute) - date.offsetMinutes * MINUTE_MS;
  return Number.isNaN(utc) ? null : new Date(utc);
}

/** The zone a date is written with ("+0100", "GMT+1", "CET"), minutes east of UTC; null when none. */
export function writtenZoneOffset(written: string): number | null {
  return zoneOf(written.slice(0, 200).toLowerCase().replace(/\s+/g, ' ').trim());
}

/** Past this, a change to or from summer time may lie between a quoted mail and its forward. */
const MAX_INFERRED_AGE_MS = 31 * DAY_MS;
/** Clocks disagree a little, and the quoted date has no seconds. */
const CLOCK_SLACK_MS = 5 * MINUTE_MS;

/**
 * The instant of a quoted date written without a zone (Gmail's "Mon, 16 Nov 2026 at 16:40", Outlook's
 * "Gesendet: Montag, 16. November 2026 16:40"), read in the zone of the forward's own Date header:
 * clients write the quoted header in the forwarder's local time, and the forwarder's client writes
 * its Date header in that same local time.
 *
 * Null when that reading is not safe: a zero offset (Exchange Online and Outlook.com stamp every Date
 * header in UTC whatever the writer's zone, and "-0000" means unknown), an instant after the forward
 * itself (then the guess is wrong), or a quoted mail more than a month older than the forward (its
 * day may have had another offset).
 */
export function looseDateInForwarderZone(date: LooseDate, forward: { at: Date; offsetMinutes: number | null }): Date | null {
  if (forward.offsetMinutes === null || forward.offsetMinutes === 0) return null;
  const instant = looseDateToInstant({ ...date, offsetMinutes: forward.offsetMinutes });
  if (!instant) return null;
  const age = forward.at.getTime() - instant.getTime();
  return age >= -CLOCK_SLACK_MS && age <= MAX_INFERRED_AGE_MS ? instant : null;
}

function valid(year: number, month: number, day: number): { year: number; month: number; day: number } | null {
  if (year < 100) year += 2000;
  if (year < 1970 || year > 2200 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  return { year, month, day };
}

function dayMonthYear(text: string): { year: number; month: number; day: number } | null {
  const cjk = /(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日/.exec(text);
  if (cjk) return valid(Number(cjk[1]), Number(cjk[2]), Number(cjk[3]));
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(text);
  if (iso) return valid(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const words = [...text.matchAll(/\p{L}+\.?/gu)];
  for (const word of words) {
    const month = MONTH_BY_NAME.get(word[0].replace(/\.$/, ''));
    if (!month) continue;
    const before = text.slice(Math.max(0, word.index - 6), word.index);
    const after = text.slice(word.index + word[0].length, word.index + word[0].length + 14);
    const dayBefore = /(\d{1,2})\.?\s*(?:de\s*)?$/.exec(before);
    const dayAfter = /^\s*(\d{1,2})(?:st|nd|rd|th)?\b/.exec(after);
    const year = /\b(\d{4})\b/.exec(dayAfter ? after.slice(dayAfter[0].length) : after)?.[1] ?? /\b(\d{4})\b/.exec(text)?.[1];
    const dayText = dayBefore?.[1] ?? dayAfter?.[1];
    if (dayText && year) return valid(Number(year), month, Number(dayText));
  }
  // Numeric dates: 03.03.2025 and 3/3/2025. A dotted date is day first; a slashed one is read day first
  // unless the first number cannot be a month's day order (13/03 is unambiguous either way).
  const numeric = /\b(\d{1,2})([./])(\d{1,2})\2(\d{2,4})\b/.exec(text);
  if (numeric) {
    const a = Number(numeric[1]);
    const b = Number(numeric[3]);
    const year = Number(numeric[4]);
    if (numeric[2] === '/' && b > 12) return valid(year, a, b);
    return valid(year, b, a);
  }
  return null;
}

function timeOf(text: string): { hour: number | null; minute: number | null } {
  const match = /\b(\d{1,2})[:.h](\d{2})(?::\d{2})?\s*(am|pm|a\.m\.|p\.m\.)?(?![\d.])/.exec(text);
  if (!match) return { hour: null, minute: null };
  let hour = Number(match[1]);
  const minute = Number(match[2]);
  const meridiem = match[3]?.replace(/\./g, '');
  if (meridiem === 'pm' && hour < 12) hour += 12;
  if (meridiem === 'am' && hour === 12) hour = 0;
  if (hour > 23 || minute > 59) return { hour: null, minute: null };
  return { hour, minute };
}

function zoneOf(text: string): number | null {
  const numeric = /(?:^|[\s(])(?:gmt|utc)?\s*([+-])(\d{1,2})(?::?(\d{2}))?(?=$|[\s)])/.exec(text);
  if (numeric) {
    const sign = numeric[1] === '-' ? -1 : 1;
    const hours = Number(numeric[2]);
    const minutes = Number(numeric[3] ?? 0);
    if (hours <= 14 && minutes < 60) return sign * (hours * 60 + minutes);
  }
  const named = /\b([a-z]{1,4})\b\)?\s*$/.exec(text)?.[1] ?? /\(([a-z]{2,4})\)/.exec(text)?.[1];
  return named !== undefined && named in ZONES ? (ZONES[named] ?? null) : null;
}

/** A day as a block writes a date it could not place in time: `10 Mar 2025` (an impossible month stays a number). */
export function writtenDay(day: number, month: number, year: number): string {
  const short = MONTHS[month - 1]?.[0];
  return `${day} ${short ? short.charAt(0).toUpperCase() + short.slice(1) : month} ${year}`;
}
