/** Calendar arithmetic for monthly periods, in UTC (periods are instants, not local dates). */

/** Same day and time `months` later; a day the month lacks becomes its last day (31 Jan → 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  target.setUTCHours(date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds());
  return target;
}

export interface Period {
  start: Date;
  end: Date;
}

/**
 * The monthly period that contains `now`, counted from the subscription's first day (`anchor`), so
 * periods never drift (31 Jan, 28 Feb, 31 Mar…) however late the renewal is noticed.
 */
export function periodContaining(anchor: Date, now: Date): Period {
  if (now < anchor) return { start: anchor, end: addMonths(anchor, 1) };
  // Whole months between the two dates, corrected by one when the day/time has not come round yet.
  let months = (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth());
  if (addMonths(anchor, months) > now) months -= 1;
  return { start: addMonths(anchor, months), end: addMonths(anchor, months + 1) };
}
