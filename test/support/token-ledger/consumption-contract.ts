import { expect, it } from 'vitest';
import type { LedgerRepository } from '../../../src/modules/token-ledger/application/ports/ledger.repository.port.js';
import { EMPTY_BALANCE } from '../../../src/modules/token-ledger/domain/balance.js';
import { SourceKeyTakenError } from '../../../src/modules/token-ledger/domain/ledger-entry.js';
import { ledgerUseCases } from '../ledger-model.js';

/** A ledger adapter to hold to the rule, and a way to make a user it accepts. */
export interface LedgerUnderTest {
  ledger: LedgerRepository;
  newUser(): Promise<string>;
}

/** Buckets before, a reservation, and what it must take from each (null: refused, nothing taken). */
const SPLITS = [
  { name: 'takes the subscription bucket first when it covers the reservation', subscription: 10, additional: 5, tokens: 3, taken: { subscription: 3, additional: 0 } },
  { name: 'takes the whole subscription bucket and no extra token when the reservation equals it', subscription: 10, additional: 5, tokens: 10, taken: { subscription: 10, additional: 0 } },
  { name: 'takes the rest from the extra tokens once the subscription bucket is spent', subscription: 10, additional: 5, tokens: 12, taken: { subscription: 10, additional: 2 } },
  { name: 'empties both buckets when together they hold exactly the reservation', subscription: 10, additional: 5, tokens: 15, taken: { subscription: 10, additional: 5 } },
  { name: 'takes extra tokens alone when there is no plan', subscription: 0, additional: 5, tokens: 5, taken: { subscription: 0, additional: 5 } },
  { name: 'refuses a reservation one token beyond both buckets, taking nothing', subscription: 10, additional: 5, tokens: 16, taken: null },
  { name: 'refuses a reservation beyond the subscription bucket when there are no extra tokens', subscription: 4, additional: 0, tokens: 5, taken: null },
] as const;

const PERIOD = (month: number) => new Date(Date.UTC(2026, month - 1, 1));

/**
 * The consumption rule (docs/architecture.md, "How a mail travels": Reserve), stated as cases every
 * `LedgerRepository` must pass: the database's statement, which is the rule, on PGlite and Postgres, and
 * the in-memory fake, so the fake cannot drift from it. Registers its tests in the caller's describe.
 */
export function consumptionContract(open: () => LedgerUnderTest) {
  async function fund(subscription: number, additional: number) {
    const { ledger, newUser } = open();
    const userId = await newUser();
    const useCases = ledgerUseCases(ledger);
    if (subscription > 0) await useCases.period.execute({ userId, sourceKey: `${userId}:invoice:1`, planTokens: subscription, periodStart: PERIOD(1), description: 'Plan', payedUsdCents: 900 });
    if (additional > 0) await useCases.grant.execute({ userId, sourceKey: `${userId}:checkout`, tokens: additional, kind: 'purchase_grant', description: 'Purchase', payedUsdCents: 100 });
    return { ledger, userId, useCases };
  }
  const reserve = (ledger: LedgerRepository, userId: string, key: string, tokens: number, unlimited = false) =>
    ledger.reserveOnce(userId, { sourceKey: `${userId}:reserve:${key}`, tokens, description: 'Mail' }, { unlimited });

  for (const { name, subscription, additional, tokens, taken } of SPLITS) {
    it(`${name} (${subscription} + ${additional}, reserving ${tokens})`, async () => {
      const { ledger, userId } = await fund(subscription, additional);
      const before = await ledger.balanceOf(userId);
      const result = await reserve(ledger, userId, 'mail', tokens);
      const [entry] = await ledger.findEntries(userId, [`${userId}:reserve:mail`]);
      if (taken === null) {
        expect(result).toEqual({ outcome: 'insufficient', balance: before });
        expect(entry).toBeUndefined();
      } else {
        const after = { ...before, subscriptionTokens: subscription - taken.subscription, additionalTokens: additional - taken.additional };
        expect(result).toEqual({ outcome: 'reserved', balance: after });
        expect(entry).toMatchObject({ kind: 'reserve', tokens, subscriptionDelta: 0 - taken.subscription, additionalDelta: 0 - taken.additional });
      }
      expect(await ledger.balanceOf(userId)).toEqual(result.balance);
    });
  }

  it('refuses anyone who never had tokens, with an empty balance', async () => {
    const { ledger, userId } = await fund(0, 0);
    expect(await reserve(ledger, userId, 'mail', 1)).toEqual({ outcome: 'insufficient', balance: EMPTY_BALANCE });
    expect(await ledger.findEntries(userId, [`${userId}:reserve:mail`])).toEqual([]);
  });

  it("takes from the new period's tokens only: what the last period left is gone, not carried over", async () => {
    const { ledger, userId, useCases } = await fund(10, 5);
    await reserve(ledger, userId, 'first', 3);
    await useCases.period.execute({ userId, sourceKey: `${userId}:invoice:2`, planTokens: 4, periodStart: PERIOD(2), description: 'Plan', payedUsdCents: 900 });
    const result = await reserve(ledger, userId, 'second', 6);
    expect(result).toEqual({ outcome: 'reserved', balance: { subscriptionTokens: 0, additionalTokens: 3, maxSubscriptionTokens: 4, periodStart: PERIOD(2) } });
  });

  it('takes nothing with billing off, yet appends the reservation so usage is still recorded', async () => {
    const { ledger, userId } = await fund(0, 0);
    const result = await reserve(ledger, userId, 'mail', 500, true);
    expect(result.outcome).toBe('reserved');
    expect(result.balance).toMatchObject({ subscriptionTokens: 0, additionalTokens: 0 });
    expect(await ledger.findEntries(userId, [`${userId}:reserve:mail`])).toMatchObject([{ kind: 'reserve', tokens: 500, subscriptionDelta: 0, additionalDelta: 0 }]);
  });

  it('answers a repeated key as repeated and moves nothing, even once the balance no longer covers it', async () => {
    const { ledger, userId } = await fund(0, 5);
    await reserve(ledger, userId, 'mail', 3);
    expect(await reserve(ledger, userId, 'mail', 3)).toEqual({ outcome: 'repeated', balance: { ...EMPTY_BALANCE, additionalTokens: 2 } });
    expect(await ledger.findEntries(userId, [`${userId}:reserve:mail`])).toHaveLength(1);
  });

  it("refuses a key another user's entry holds", async () => {
    const { ledger, userId } = await fund(0, 5);
    const { userId: other } = await fund(0, 5);
    await reserve(ledger, userId, 'mail', 1);
    await expect(ledger.reserveOnce(other, { sourceKey: `${userId}:reserve:mail`, tokens: 1, description: 'Mail' }, { unlimited: false })).rejects.toThrow(SourceKeyTakenError);
    expect((await ledger.balanceOf(other)).additionalTokens).toBe(5);
  });

  it('lets concurrent reservations take exactly what both buckets hold, never below zero', async () => {
    const { ledger, userId } = await fund(5, 5);
    const results = await Promise.all(Array.from({ length: 20 }, (_, n) => reserve(ledger, userId, `mail-${n}`, 1)));
    expect(results.filter((result) => result.outcome === 'reserved')).toHaveLength(10);
    expect(await ledger.balanceOf(userId)).toMatchObject({ subscriptionTokens: 0, additionalTokens: 0 });
  });
}
