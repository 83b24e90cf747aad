// The usage chart's days are the user's calendar days, in any time zone: also the half- and
// quarter-hour ones, and across daylight-saving changes. Settlements a minute either side of local
// midnight must land on the day the user's clock showed.
import { beforeAll, describe, expect, it } from 'vitest';
import { KnexLedgerRepository } from '../../../src/modules/token-ledger/infra/knex.ledger.repository.js';
import { databaseKinds } from '../../support/test-database.js';
import { aUser } from '../../support/users.js';
import { useTestDatabase } from '../../support/use-test-app.js';

// Havana and Santiago change their clocks at midnight: a local midnight that happens twice or never.
const ZONES = ['UTC', 'Europe/Warsaw', 'Asia/Kathmandu', 'America/St_Johns', 'Pacific/Chatham', 'Australia/Lord_Howe', 'Asia/Kolkata', 'America/Havana', 'America/Santiago'];
/** Around the spring and autumn changes of both hemispheres. */
const DAYS = ['2026-03-08', '2026-03-29', '2026-04-05', '2026-09-06', '2026-09-27', '2026-10-04', '2026-10-25', '2026-11-01'];
const MINUTE = 60_000;

const formats = new Map<string, Intl.DateTimeFormat>();

/** The local calendar date of an instant in a zone, as YYYY-MM-DD (one formatter per zone: making one is costly). */
function localDate(instant: Date, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, format);
  }
  return format.format(instant);
}

/**
 * The instant of local midnight starting `day` in `timeZone`: the first minute whose local date is `day`,
 * found by halving (the local date only moves forward with time, whatever the offsets do).
 */
function localMidnight(day: string, timeZone: string): Date {
  const utcMidnight = new Date(`${day}T00:00:00Z`).getTime();
  let before = utcMidnight - 15 * 60 * MINUTE; // still the day before in every zone
  let after = utcMidnight + 15 * 60 * MINUTE; // already `day` in every zone
  while (after - before > MINUTE) {
    const middle = before + Math.floor((after - before) / 2 / MINUTE) * MINUTE;
    if (localDate(new Date(middle), timeZone) < day) before = middle;
    else after = middle;
  }
  return new Date(after);
}

describe.each(databaseKinds())('the usage chart per local day (%s)', (kind) => {
  const database = useTestDatabase(kind, { resetAfterEach: true });
  let ledger: KnexLedgerRepository;

  beforeAll(async () => {
    ledger = new KnexLedgerRepository(database.db);
  });

  it.each(ZONES)('puts settlements just before and after local midnight on the right days in %s', async (timeZone) => {
    const userId = await aUser(database.db);
    const instants = DAYS.flatMap((day) => {
      const midnight = localMidnight(day, timeZone).getTime();
      return [-7, -1, 0, 1, 8].map((minutes) => new Date(midnight + minutes * MINUTE));
    });
    await database.db('token_ledger').insert(
      instants.map((createdAt, n) => ({
        user_id: userId,
        source_key: `${userId}:settle:${n}`,
        kind: 'settle',
        subscription_delta: 0,
        additional_delta: 0,
        // Distinct powers of two: a wrong day shows as a wrong sum, not a coincidence.
        tokens: 2 ** (n % 20),
        description: 'Summary',
        created_at: createdAt,
      })),
    );

    const expected = new Map<string, { usedTokens: number; settlements: number }>();
    instants.forEach((instant, n) => {
      const date = localDate(instant, timeZone);
      const day = expected.get(date) ?? { usedTokens: 0, settlements: 0 };
      expected.set(date, { usedTokens: day.usedTokens + 2 ** (n % 20), settlements: day.settlements + 1 });
    });
    const usage = await ledger.usagePerDay(userId, { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-11-10T00:00:00Z'), timeZone });
    expect(usage).toEqual([...expected].sort(([a], [b]) => a.localeCompare(b)).map(([date, day]) => ({ date, ...day })));
  });
});
