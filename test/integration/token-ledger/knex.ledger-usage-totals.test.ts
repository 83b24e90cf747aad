// The Usage page reads totals kept beside the ledger (per quarter-hour, and a running count of
// settlements). They must answer exactly what a direct aggregation over the ledger answers, for any data,
// range and time zone, and move only with settlements that commit.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import * as usageTotalsMigration from '../../../migrations/20261125120000_token_usage_totals.js';
import { KnexLedgerRepository } from '../../../src/modules/token-ledger/infra/knex.ledger.repository.js';
import { ledgerUseCases } from '../../support/ledger-model.js';
import { databaseKinds } from '../../support/test-database.js';
import { aUser } from '../../support/users.js';
import { useTestDatabase } from '../../support/use-test-app.js';

// Whole-hour, half-hour and quarter-hour offsets, both hemispheres' daylight saving, and Havana, whose
// clocks fall back from 01:00 to 00:00 (the local midnight happens twice).
const ZONES = ['UTC', 'Europe/Warsaw', 'Asia/Kathmandu', 'America/St_Johns', 'Pacific/Chatham', 'Australia/Lord_Howe', 'America/Havana', 'Asia/Kolkata'];
const DAY_MS = 24 * 60 * 60 * 1000;
const START = Date.parse('2026-01-01T00:00:00Z');
const SPAN_MS = 200 * DAY_MS;
const KINDS = ['settle', 'settle', 'settle', 'reserve', 'refund', 'admin_grant'] as const;

interface Entry {
  offsetMs: number;
  kind: (typeof KINDS)[number];
  tokens: number;
}

const entry: fc.Arbitrary<Entry> = fc.record({
  offsetMs: fc.integer({ min: 0, max: SPAN_MS }),
  kind: fc.constantFrom(...KINDS),
  tokens: fc.integer({ min: 1, max: 5000 }),
});
/** Aligned on a quarter-hour (as the web app's local midnights are), or anywhere to the millisecond. */
const instant = fc.oneof(
  fc.integer({ min: 0, max: SPAN_MS / (15 * 60_000) }).map((quarters) => new Date(START + quarters * 15 * 60_000)),
  fc.integer({ min: 0, max: SPAN_MS }).map((ms) => new Date(START + ms)),
);

describe.each(databaseKinds())('usage totals kept beside the ledger (%s)', (kind) => {
  const database = useTestDatabase(kind, { resetAfterEach: true });
  let ledger: KnexLedgerRepository;

  beforeAll(async () => {
    ledger = new KnexLedgerRepository(database.db);
  });

  /** The reference: every settlement converted to a local date on its own, straight from the ledger. */
  async function directDays(userId: string, range: { from: Date; to: Date; timeZone: string }) {
    const rows = (await database.db('token_ledger')
      .where({ user_id: userId, kind: 'settle' })
      .where('created_at', '>=', range.from)
      .where('created_at', '<', range.to)
      .select(database.db.raw("to_char((created_at AT TIME ZONE ?)::date, 'YYYY-MM-DD') AS date", [range.timeZone]))
      .sum({ usedTokens: 'tokens' })
      .count({ settlements: '*' })
      .groupByRaw('1')
      .orderByRaw('1')) as { date: string; usedTokens: number | string; settlements: number | string }[];
    return rows.map((row) => ({ date: row.date, usedTokens: Number(row.usedTokens), settlements: Number(row.settlements) }));
  }

  async function settlementCount(userId: string): Promise<number> {
    const row = (await database.db('token_ledger').where({ user_id: userId, kind: 'settle' }).count({ n: '*' }).first()) as { n: number | string };
    return Number(row.n);
  }

  async function insertEntries(userId: string, entries: readonly Entry[], batch: number): Promise<void> {
    // Several statements of several rows each: the totals must add up across statements and within one.
    const rows = entries.map((each, n) => ({
      user_id: userId,
      source_key: `${userId}:${batch}:${n}`,
      kind: each.kind,
      subscription_delta: 0,
      additional_delta: 0,
      tokens: each.tokens,
      description: 'Entry',
      created_at: new Date(START + each.offsetMs),
    }));
    for (let at = 0; at < rows.length; at += 7) await database.db('token_ledger').insert(rows.slice(at, at + 7));
  }

  it('answers the chart and the usage total exactly as an aggregation over the ledger, for random data, ranges and zones', async () => {
    const users = [await aUser(database.db), await aUser(database.db)];
    let batch = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(entry, { maxLength: 60 }),
        fc.array(entry, { maxLength: 20 }),
        instant,
        instant,
        fc.constantFrom(...ZONES),
        async (mine, theirs, a, b, timeZone) => {
          batch += 1;
          await insertEntries(users[0] ?? '', mine, batch);
          await insertEntries(users[1] ?? '', theirs, batch);
          if (a.getTime() === b.getTime()) return;
          const range = { from: a < b ? a : b, to: a < b ? b : a, timeZone };
          for (const userId of users) {
            expect(await ledger.usagePerDay(userId, range)).toEqual(await directDays(userId, range));
            const page = await ledger.usagePage(userId, { page: 1, pageSize: 5, sortBy: 'date', sortOrder: 'desc' });
            expect(page.total).toBe(await settlementCount(userId));
          }
        },
      ),
      { numRuns: kind === 'pglite' ? 40 : 60 },
    );
  });

  it('keeps the running totals exact when one user’s settlements of many quarter-hours commit at once', async () => {
    // Settlements no longer wait for the balance lock: on Postgres these statements run side by side on
    // several connections, each in a quarter-hour of its own, out of order, some before others' quarter-hours.
    const userId = await aUser(database.db);
    const offsets = Array.from({ length: 24 }, (_, n) => ((n * 7) % 24) * 15 * 60_000 + (n % 3) * 60_000);
    await Promise.all(offsets.map((offsetMs, n) => insertEntries(userId, [{ offsetMs, kind: 'settle', tokens: n + 1 }], n)));
    const range = { from: new Date(START), to: new Date(START + DAY_MS), timeZone: 'UTC' };
    expect(await ledger.usagePerDay(userId, range)).toEqual(await directDays(userId, range));
    const running = (await database.db('token_usage_quarters').where({ user_id: userId }).orderBy('quarter').select('tokens', 'cum_tokens')) as { tokens: number; cum_tokens: number }[];
    let sum = 0;
    for (const row of running) {
      sum += Number(row.tokens);
      expect(Number(row.cum_tokens)).toBe(sum);
    }
    expect(sum).toBe((24 * 25) / 2);
  });

  it('adds a settlement made through the ledger to its quarter-hour and to the running count', async () => {
    const userId = await aUser(database.db);
    const useCases = ledgerUseCases(ledger);
    await useCases.grant.execute({ userId, sourceKey: 'checkout:1', tokens: 50, kind: 'purchase_grant', description: 'Purchase', payedUsdCents: 300 });
    await useCases.reserve.execute({ userId, reservationId: 'mail-1', tokens: 7, description: 'Mail' });
    await useCases.settle.execute({ userId, reservationId: 'mail-1', operation: 'Summary' });
    // Settling again (a retried job) appends nothing and so adds nothing.
    await useCases.settle.execute({ userId, reservationId: 'mail-1', operation: 'Summary' });

    expect(await database.db('token_usage_totals').where({ user_id: userId }).select('settlements')).toEqual([{ settlements: 1 }]);
    expect(await database.db('token_usage_quarters').where({ user_id: userId }).select('tokens', 'settlements')).toEqual([{ tokens: 7, settlements: 1 }]);
  });

  it('leaves the totals untouched when a settlement rolls back', async () => {
    const userId = await aUser(database.db);
    const useCases = ledgerUseCases(ledger);
    await useCases.grant.execute({ userId, sourceKey: 'checkout:1', tokens: 50, kind: 'purchase_grant', description: 'Purchase', payedUsdCents: 300 });
    await useCases.reserve.execute({ userId, reservationId: 'mail-1', tokens: 7, description: 'Mail' });
    await useCases.settle.execute({ userId, reservationId: 'mail-1', operation: 'Summary' });
    const totals = async () => ({
      quarters: await database.db('token_usage_quarters').where({ user_id: userId }).select('quarter', 'tokens', 'settlements'),
      count: await database.db('token_usage_totals').where({ user_id: userId }).select('settlements'),
    });
    const before = await totals();

    const failure = new Error('the worker died after settling');
    await expect(
      ledger.withLockedBalance(userId, async (locked) => {
        await locked.append({ sourceKey: 'settle:mail-2', kind: 'settle', subscriptionDelta: 0, additionalDelta: 0, tokens: 9, description: 'Summary', payedUsdCents: 0, relatedKey: 'reserve:mail-2' });
        throw failure;
      }),
    ).rejects.toBe(failure);

    expect(await totals()).toEqual(before);
    expect((await ledger.usagePage(userId, { page: 1, pageSize: 5, sortBy: 'date', sortOrder: 'desc' })).total).toBe(1);
  });

  it('gives a usage revision that changes with every change to the user’s settlements, and with nothing else', async () => {
    const userId = await aUser(database.db);
    const other = await aUser(database.db);
    const useCases = ledgerUseCases(ledger);
    const seen = [await ledger.usageRevision(userId)];
    const expectNew = async () => {
      const revision = await ledger.usageRevision(userId);
      expect(seen).not.toContain(revision);
      seen.push(revision);
    };
    const expectSame = async () => expect(await ledger.usageRevision(userId)).toBe(seen.at(-1));

    await useCases.grant.execute({ userId, sourceKey: 'checkout:1', tokens: 50, kind: 'purchase_grant', description: 'Purchase', payedUsdCents: 300 });
    await useCases.reserve.execute({ userId, reservationId: 'mail-1', tokens: 7, description: 'Mail' });
    await expectSame();
    await useCases.settle.execute({ userId, reservationId: 'mail-1', operation: 'Summary' });
    await expectNew();
    // Another user's settlement, a refund, a repeated settlement: not this user's usage.
    await insertEntries(other, [{ offsetMs: 0, kind: 'settle', tokens: 3 }], 1);
    await useCases.reserve.execute({ userId, reservationId: 'mail-2', tokens: 2, description: 'Mail' });
    await useCases.refund.execute({ userId, reservationId: 'mail-2', reason: 'Refund' });
    await useCases.settle.execute({ userId, reservationId: 'mail-1', operation: 'Summary' });
    await expectSame();
    // Corrections by hand: the tokens (the count stays), the time, a removal.
    await database.db('token_ledger').where({ user_id: userId, kind: 'settle' }).update({ tokens: 8 });
    await expectNew();
    await database.db('token_ledger').where({ user_id: userId, kind: 'settle' }).update({ created_at: new Date(START) });
    await expectNew();
    await database.db('token_ledger').where({ user_id: userId, kind: 'settle' }).delete();
    await expectNew();
  });

  it('follows an entry moved in time or deleted by hand, as for an operator correcting the ledger', async () => {
    const userId = await aUser(database.db);
    await insertEntries(userId, [
      { offsetMs: 0, kind: 'settle', tokens: 3 },
      { offsetMs: 60_000, kind: 'settle', tokens: 4 },
      { offsetMs: DAY_MS, kind: 'settle', tokens: 5 },
    ], 1);
    await database.db('token_ledger').where({ source_key: `${userId}:1:0` }).update({ created_at: new Date(START + 3 * DAY_MS) });
    await database.db('token_ledger').where({ source_key: `${userId}:1:2` }).delete();

    const range = { from: new Date(START), to: new Date(START + 10 * DAY_MS), timeZone: 'UTC' };
    expect(await ledger.usagePerDay(userId, range)).toEqual([
      { date: '2026-01-01', usedTokens: 4, settlements: 1 },
      { date: '2026-01-04', usedTokens: 3, settlements: 1 },
    ]);
    expect(await ledger.usagePerDay(userId, range)).toEqual(await directDays(userId, range));
    expect(await database.db('token_usage_quarters').where({ user_id: userId }).count({ n: '*' }).first()).toEqual({ n: 2 });
    expect((await ledger.usagePage(userId, { page: 1, pageSize: 5, sortBy: 'date', sortOrder: 'desc' })).total).toBe(2);
  });

  it('backfills the totals from the settlements already in the ledger', async () => {
    const userId = await aUser(database.db);
    await insertEntries(userId, [
      { offsetMs: 0, kind: 'settle', tokens: 3 },
      { offsetMs: 60_000, kind: 'settle', tokens: 4 },
      { offsetMs: DAY_MS, kind: 'settle', tokens: 5 },
      { offsetMs: DAY_MS, kind: 'reserve', tokens: 5 },
    ], 1);
    const expected = await database.db('token_usage_quarters').orderBy('quarter').select('user_id', 'quarter', 'tokens', 'settlements', 'cum_tokens', 'cum_settlements');
    expect(expected).toHaveLength(2);

    // As on an install that had the ledger before the totals: the migration starts from the rows alone.
    await database.db.transaction(async (trx) => {
      await usageTotalsMigration.down(trx);
      await usageTotalsMigration.up(trx);
    });

    expect(await database.db('token_usage_quarters').orderBy('quarter').select('user_id', 'quarter', 'tokens', 'settlements', 'cum_tokens', 'cum_settlements')).toEqual(expected);
    expect(await database.db('token_usage_totals').select('user_id', 'settlements')).toEqual([{ user_id: userId, settlements: 3 }]);
  });
});
