import { DAY_MS, type Clock } from '../../../shared/clock.js';
import type { LedgerRepository, UsageDayRow } from '../application/ports/ledger.repository.port.js';
import type { UsageChartRange, UsageDays } from '../application/ports/usage-days.port.js';

/** The chart's days summed by the ledger; an open-ended range reads up to a day past now. */
export class LedgerUsageDays implements UsageDays {
  constructor(
    private readonly ledger: Pick<LedgerRepository, 'usagePerDay'>,
    private readonly clock: Clock,
  ) {}

  perDay(userId: string, range: UsageChartRange): Promise<UsageDayRow[]> {
    const to = range.to ?? new Date(this.clock.now().getTime() + DAY_MS);
    return this.ledger.usagePerDay(userId, { from: range.from, to, timeZone: range.timeZone });
  }
}
