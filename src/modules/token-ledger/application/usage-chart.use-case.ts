import type { UsageDayRow } from './ports/ledger.repository.port.js';
import type { UsageChartRange, UsageDays } from './ports/usage-days.port.js';

export type { UsageChartRange } from './ports/usage-days.port.js';

/**
 * The Usage page's chart: settled usage per local day. The wiring may keep answers in memory while the
 * user's usage is unchanged (CachedUsageDays, docs/architecture.md, "Caching"); the route then hands the
 * same array back to its response cache.
 */
export class UsageChart {
  constructor(private readonly days: UsageDays) {}

  execute(userId: string, range: UsageChartRange): Promise<UsageDayRow[]> {
    return this.days.perDay(userId, range);
  }
}
