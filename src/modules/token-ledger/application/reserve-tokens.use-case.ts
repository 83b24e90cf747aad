import { inject, injectable } from 'tsyringe';
import { splitConsumption, type Balance } from '../domain/balance.js';
import { reserveKey } from '../domain/ledger-entry.js';
import { LEDGER_POLICY, type LedgerPolicy } from './ledger-policy.js';
import { BALANCE_EVENTS, noBalanceEvents, type BalanceEvents } from './ports/balance-events.port.js';
import { LEDGER_REPOSITORY, type LedgerRepository } from './ports/ledger.repository.port.js';

export type ReserveResult = { ok: true; balance: Balance } | { ok: false; reason: 'insufficient'; balance: Balance };

/**
 * Sets tokens aside for one piece of work (a mail) before it runs: all or nothing, never below zero.
 * Repeating a reservation changes nothing and answers as the first time did.
 */
@injectable()
export class ReserveTokens {
  constructor(
    @inject(LEDGER_REPOSITORY) private readonly ledger: LedgerRepository,
    @inject(LEDGER_POLICY) private readonly policy: LedgerPolicy,
    @inject(BALANCE_EVENTS) private readonly events: BalanceEvents = noBalanceEvents,
  ) {}

  async execute(input: { userId: string; reservationId: string; tokens: number; description: string }): Promise<ReserveResult> {
    const result: ReserveResult = await this.ledger.withLockedBalance(input.userId, async (locked) => {
      const split = this.policy.unlimited ? { fromSubscription: 0, fromAdditional: 0 } : splitConsumption(locked.balance, input.tokens);
      // A repeated reservation answers as the first did, even when the balance has since run low.
      if (!split) return (await locked.findEntry(reserveKey(input.reservationId))) ? { ok: true, balance: locked.balance } : { ok: false, reason: 'insufficient', balance: locked.balance };
      const balance = await locked.appendOnce({
        sourceKey: reserveKey(input.reservationId),
        kind: 'reserve',
        subscriptionDelta: -split.fromSubscription,
        additionalDelta: -split.fromAdditional,
        tokens: input.tokens,
        description: input.description,
        payedUsdCents: 0,
        relatedKey: null,
      });
      return { ok: true, balance: balance ?? locked.balance };
    });
    // Told after the commit: a tab that refetches then sees the new balance.
    if (result.ok) await this.events.balanceChanged(input.userId);
    return result;
  }
}
