import { beforeEach, describe, expect, it } from 'vitest';
import type { UsageDayRow } from '../../../src/modules/token-ledger/application/ports/ledger.repository.port.js';
import { UsageChart } from '../../../src/modules/token-ledger/application/usage-chart.use-case.js';
import { CachedUsageDays } from '../../../src/modules/token-ledger/infra/cached.usage-days.js';
import { LedgerUsageDays } from '../../../src/modules/token-ledger/infra/ledger.usage-days.js';
import { fixedClock } from '../../../src/shared/clock.js';

/** The ledger's two reads, counted; the test sets what they answer. */
class ChartLedger {
  revision = 'r1';
  days: UsageDayRow[] = [{ date: '2026-05-01', usedTokens: 3, settlements: 2 }];
  reads = 0;
  ranges: { from: Date; to: Date; timeZone: string }[] = [];

  usageRevision(): Promise<string> {
    return Promise.resolve(this.revision);
  }

  usagePerDay(_userId: string, range: { from: Date; to: Date; timeZone: string }): Promise<UsageDayRow[]> {
    this.reads += 1;
    this.ranges.push(range);
    return Promise.resolve(this.days.map((day) => ({ ...day })));
  }
}

const FROM = new Date('2026-04-01T22:00:00Z');

describe('the usage chart, answered from memory while the user’s usage is unchanged', () => {
  const clock = fixedClock('2026-05-01T08:00:00Z');
  let ledger: ChartLedger;
  let chart: UsageChart;

  beforeEach(() => {
    clock.set('2026-05-01T08:00:00Z');
    ledger = new ChartLedger();
    // As the module wires it: the ledger's days behind the cache kept by usage revision.
    chart = new UsageChart(new CachedUsageDays(new LedgerUsageDays(ledger, clock), ledger, clock, { ttlMs: 60_000, maxEntries: 10 }));
  });

  it('sums the days once while the revision stays, and again as soon as it changes', async () => {
    const first = await chart.execute('u1', { from: FROM, to: null, timeZone: 'Europe/Warsaw' });
    expect(await chart.execute('u1', { from: FROM, to: null, timeZone: 'Europe/Warsaw' })).toEqual(first);
    expect(ledger.reads).toBe(1);
    ledger.revision = 'r2';
    ledger.days = [{ date: '2026-05-01', usedTokens: 4, settlements: 3 }];
    expect(await chart.execute('u1', { from: FROM, to: null, timeZone: 'Europe/Warsaw' })).toEqual(ledger.days);
    expect(ledger.reads).toBe(2);
  });

  it('keeps users, time zones and ranges apart', async () => {
    await chart.execute('u1', { from: FROM, to: null, timeZone: 'Europe/Warsaw' });
    await chart.execute('u2', { from: FROM, to: null, timeZone: 'Europe/Warsaw' });
    await chart.execute('u1', { from: FROM, to: null, timeZone: 'UTC' });
    await chart.execute('u1', { from: new Date('2026-04-02T22:00:00Z'), to: null, timeZone: 'Europe/Warsaw' });
    await chart.execute('u1', { from: FROM, to: new Date('2026-04-20T22:00:00Z'), timeZone: 'Europe/Warsaw' });
    expect(ledger.reads).toBe(5);
  });

  it('reads an open-ended range up to a day past now, and again once an answer is older than its limit', async () => {
    await chart.execute('u1', { from: FROM, to: null, timeZone: 'UTC' });
    expect(ledger.ranges[0]?.to).toEqual(new Date('2026-05-02T08:00:00Z'));
    clock.advance(59_999);
    await chart.execute('u1', { from: FROM, to: null, timeZone: 'UTC' });
    expect(ledger.reads).toBe(1);
    clock.advance(1);
    await chart.execute('u1', { from: FROM, to: null, timeZone: 'UTC' });
    expect(ledger.reads).toBe(2);
  });
});
