import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KnexLedgerRepository } from '../../../src/modules/token-ledger/infra/knex.ledger.repository.js';
import { InMemoryLedgerRepository } from '../../support/fakes/in-memory-ledger.js';
import { ledgerCommand, ledgerUseCases, runCommand } from '../../support/ledger-model.js';
import { consumptionContract } from '../../support/token-ledger/consumption-contract.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { aUser } from '../../support/users.js';

describe.each(databaseKinds())('the token ledger on a real database (%s)', (kind) => {
  let database: TestDatabase;
  let ledger: KnexLedgerRepository;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ledger = new KnexLedgerRepository(database.db);
  });
  afterEach(() => database.reset());
  afterAll(() => database.release());

  async function sumsOf(userId: string) {
    return (await database.db('token_ledger')
      .where({ user_id: userId })
      .sum({ subscription: 'subscription_delta', additional: 'additional_delta' })
      .first()) as { subscription: number | null; additional: number | null };
  }

  it('keeps balances equal to the sum of entries and never negative over random sequences, answering each command as the in-memory fake does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(ledgerCommand, { maxLength: 25 }), async (commands) => {
        const userId = await aUser(database.db);
        const useCases = ledgerUseCases(ledger);
        // The fake replays the sequence beside it: a rule copied into the fake that drifts fails here.
        const fake = new InMemoryLedgerRepository();
        const fakeUseCases = ledgerUseCases(fake);
        const entries = async () => Number(((await database.db('token_ledger').where({ user_id: userId }).count({ n: '*' }).first()) as { n: number }).n);
        for (const command of commands) {
          expect(await runCommand(useCases, userId, command), JSON.stringify(command)).toEqual(await runCommand(fakeUseCases, userId, command));
          expect(await ledger.balanceOf(userId)).toEqual(await fake.balanceOf(userId));
          // Delivered twice (a retried job, a redelivered webhook): the second time changes nothing.
          const before = { balance: await ledger.balanceOf(userId), entries: await entries() };
          await runCommand(useCases, userId, command);
          expect({ balance: await ledger.balanceOf(userId), entries: await entries() }).toEqual(before);
        }
        const balance = await ledger.balanceOf(userId);
        const sums = await sumsOf(userId);
        expect(balance.subscriptionTokens).toBe(Number(sums.subscription ?? 0));
        expect(balance.additionalTokens).toBe(Number(sums.additional ?? 0));
        expect(balance.subscriptionTokens).toBeGreaterThanOrEqual(0);
        expect(balance.additionalTokens).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: kind === 'pglite' ? 25 : 40 },
    );
  });

  // The statement is the consumption rule (knex.reserve-once.ts): its cases, the same the fake passes.
  describe('the consumption rule', () => {
    consumptionContract(() => ({ ledger, newUser: () => aUser(database.db) }));
  });

  it('lets exactly as many of 50 concurrent reserves succeed as the balance covers', async () => {
    const userId = await aUser(database.db);
    const useCases = ledgerUseCases(ledger);
    await useCases.grant.execute({ userId, sourceKey: 'checkout:1', tokens: 30, kind: 'purchase_grant', description: 'Purchase', payedUsdCents: 300 });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, n) => useCases.reserve.execute({ userId, reservationId: `mail-${n}`, tokens: 1, description: 'Mail' })),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(30);
    expect((await ledger.balanceOf(userId)).additionalTokens).toBe(0);
    expect(await database.db('token_ledger').where({ user_id: userId, kind: 'reserve' }).count({ n: '*' }).first()).toEqual({ n: 30 });
  });

  it('counts 50 concurrent repeats of one reservation once', async () => {
    const userId = await aUser(database.db);
    const useCases = ledgerUseCases(ledger);
    await useCases.grant.execute({ userId, sourceKey: 'checkout:1', tokens: 100, kind: 'purchase_grant', description: 'Purchase', payedUsdCents: 300 });
    await Promise.all(Array.from({ length: 50 }, () => useCases.reserve.execute({ userId, reservationId: 'same-mail', tokens: 3, description: 'Mail' })));
    expect((await ledger.balanceOf(userId)).additionalTokens).toBe(97);
  });

  it('refuses to store a negative balance even if code tried', async () => {
    const userId = await aUser(database.db);
    await ledger.balanceOf(userId);
    await expect(
      ledger.withLockedBalance(userId, (locked) =>
        locked.append({ sourceKey: 'bad', kind: 'reserve', subscriptionDelta: -1, additionalDelta: 0, tokens: 1, description: 'x', payedUsdCents: 0, relatedKey: null }),
      ),
    ).rejects.toThrow();
    expect(await database.db('token_ledger').where({ source_key: 'bad' }).first()).toBeUndefined();
  });
});
