import type { UsageDayRow } from './ledger.repository.port.js';

export interface UsageChartRange {
  from: Date;
  /** null: up to now (and a day beyond, for a clock that runs ahead). */
  to: Date | null;
  timeZone: string;
}

/** The usage chart's days: settled usage per local day of the range, days with usage only. */
export interface UsageDays {
  perDay(userId: string, range: UsageChartRange): Promise<UsageDayRow[]>;
}
