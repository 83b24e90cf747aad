import { beforeEach, describe, expect, it } from 'vitest';
import { splitRefund } from '../../../src/modules/token-ledger/domain/balance.js';
import { tokensForCharacters } from '../../../src/modules/token-ledger/domain/token-cost.js';
import { InMemoryLedgerRepository } from '../../support/fakes/in-memory-ledger.js';
import { ledgerUseCases } from '../../support/ledger-model.js';
import { consumptionContract } from '../../support/token-ledger/consumption-contract.js';

const USER = 'user-1';
const period = (month: number, tokens: number) => ({ userId: USER, sourceKey: `invoice:${month}`, planTokens: tokens, periodStart: new Date(Date.UTC(2026, month - 1, 1)), description: 'Basic plan', payedUsdCents: 900 });

describe('token cost', () => {
  it('is one token per started 2,000 characters, at least one', () => {
    expect(tokensForCharacters(0, 2000)).toBe(1);
    expect(tokensForCharacters(2000, 2000)).toBe(1);
    expect(tokensForCharacters(2001, 2000)).toBe(2);
    expect(tokensForCharacters(100_000, 2000)).toBe(50);
  });
});

describe('buckets', () => {
  const balance = { subscriptionTokens: 5, additionalTokens: 10, maxSubscriptionTokens: 100, periodStart: null };

  it('refund into the buckets they came from, the subscription bucket capped at the plan', () => {
    expect(splitRefund(balance, { fromSubscription: 5, fromAdditional: 7 })).toEqual({ fromSubscription: 5, fromAdditional: 7 });
    expect(splitRefund({ ...balance, subscriptionTokens: 98 }, { fromSubscription: 5, fromAdditional: 0 })).toEqual({ fromSubscription: 2, fromAdditional: 0 });
  });
});

// The fake is held to the database's consumption rule by the same cases (knex.ledger.test.ts runs them there).
describe('the in-memory ledger keeps the consumption rule', () => {
  let fake: InMemoryLedgerRepository;
  let users = 0;
  beforeEach(() => {
    fake = new InMemoryLedgerRepository();
  });
  consumptionContract(() => ({ ledger: fake, newUser: () => Promise.resolve(`user-${++users}`) }));
});

describe('ledger use cases', () => {
  let ledger: InMemoryLedgerRepository;
  let useCases: ReturnType<typeof ledgerUseCases>;

  beforeEach(() => {
    ledger = new InMemoryLedgerRepository();
    useCases = ledgerUseCases(ledger);
  });

  it('resets the subscription bucket at each new period: unused tokens do not roll over', async () => {
    await useCases.period.execute(period(1, 100));
    await useCases.reserve.execute({ userId: USER, reservationId: 'm1', tokens: 30, description: 'Mail' });
    await useCases.period.execute(period(2, 100));
    expect(await ledger.balanceOf(USER)).toMatchObject({ subscriptionTokens: 100, maxSubscriptionTokens: 100 });
  });

  it('ignores a period grant older than the current period (events out of order)', async () => {
    await useCases.period.execute(period(3, 100));
    await useCases.reserve.execute({ userId: USER, reservationId: 'm1', tokens: 30, description: 'Mail' });
    expect(await useCases.period.execute(period(2, 100))).toMatchObject({ applied: false, reason: 'stale' });
    expect((await ledger.balanceOf(USER)).subscriptionTokens).toBe(70);
  });

  it('refuses a reservation of no tokens or of a fraction as a bug, appending nothing', async () => {
    await expect(useCases.reserve.execute({ userId: USER, reservationId: 'm1', tokens: 0, description: 'Mail' })).rejects.toThrow(RangeError);
    await expect(useCases.reserve.execute({ userId: USER, reservationId: 'm1', tokens: 1.5, description: 'Mail' })).rejects.toThrow(RangeError);
    expect(ledger.entries).toHaveLength(0);
  });

  it('holds a reservation it cannot cover and changes nothing', async () => {
    await useCases.grant.execute({ userId: USER, sourceKey: 'checkout:1', tokens: 5, kind: 'purchase_grant', description: 'Purchase', payedUsdCents: 50 });
    expect(await useCases.reserve.execute({ userId: USER, reservationId: 'm1', tokens: 6, description: 'Mail' })).toMatchObject({ ok: false, reason: 'insufficient' });
    expect(ledger.entries).toHaveLength(1);
  });

  it('settles a reservation into usage once, and refuses to refund it afterwards', async () => {
    await useCases.grant.execute({ userId: USER, sourceKey: 'checkout:1', tokens: 5, kind: 'purchase_grant', description: 'Purchase', payedUsdCents: 50 });
    await useCases.reserve.execute({ userId: USER, reservationId: 'm1', tokens: 2, description: 'Mail' });
    expect(await useCases.settle.execute({ userId: USER, reservationId: 'm1', operation: 'Summary: Invoices' })).toEqual({ ok: true });
    expect(await useCases.settle.execute({ userId: USER, reservationId: 'm1', operation: 'again' })).toEqual({ ok: true });
    expect(await useCases.refund.execute({ userId: USER, reservationId: 'm1', reason: 'late failure' })).toEqual({ ok: false, reason: 'settled' });
    expect((await ledger.usagePage(USER, { page: 1, pageSize: 5, sortBy: 'date', sortOrder: 'desc' })).rows).toMatchObject([{ operation: 'Summary: Invoices', usedTokens: 2 }]);
    expect((await ledger.balanceOf(USER)).additionalTokens).toBe(3);
  });

  it('refunds a failed reservation once, and then refuses to settle it', async () => {
    await useCases.period.execute(period(1, 10));
    await useCases.reserve.execute({ userId: USER, reservationId: 'm1', tokens: 4, description: 'Mail' });
    expect(await useCases.refund.execute({ userId: USER, reservationId: 'm1', reason: 'failed' })).toEqual({ ok: true });
    expect(await useCases.refund.execute({ userId: USER, reservationId: 'm1', reason: 'failed' })).toEqual({ ok: true });
    expect((await ledger.balanceOf(USER)).subscriptionTokens).toBe(10);
    expect(await useCases.settle.execute({ userId: USER, reservationId: 'm1', operation: 'x' })).toEqual({ ok: false, reason: 'refunded' });
  });

  it('answers not-reserved for settling or refunding an unknown reservation', async () => {
    expect(await useCases.settle.execute({ userId: USER, reservationId: 'nope', operation: 'x' })).toEqual({ ok: false, reason: 'not-reserved' });
    expect(await useCases.refund.execute({ userId: USER, reservationId: 'nope', reason: 'x' })).toEqual({ ok: false, reason: 'not-reserved' });
  });

  it('with billing off reserves without limit but still records usage', async () => {
    const unlimited = ledgerUseCases(ledger, { unlimited: true });
    expect(await unlimited.reserve.execute({ userId: USER, reservationId: 'm1', tokens: 500, description: 'Mail' })).toMatchObject({ ok: true });
    await unlimited.settle.execute({ userId: USER, reservationId: 'm1', operation: 'Summary' });
    expect(await ledger.balanceOf(USER)).toMatchObject({ subscriptionTokens: 0, additionalTokens: 0 });
    expect((await ledger.usagePage(USER, { page: 1, pageSize: 5, sortBy: 'date', sortOrder: 'desc' })).total).toBe(1);
  });
});
