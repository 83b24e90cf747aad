import { inject, injectable } from 'tsyringe';
import type { Balance } from '../domain/balance.js';
import { BALANCE_EVENTS, type BalanceEvents } from './ports/balance-events.port.js';
import { LEDGER_REPOSITORY, type LedgerRepository } from './ports/ledger.repository.port.js';

export type PeriodGrantResult = { applied: true; balance: Balance } | { applied: false; reason: 'duplicate' | 'stale'; balance: Balance };

/**
 * A paid period begins: the subscription bucket is reset to the plan's tokens (unused ones do not roll
 * over). Keyed by the payment event, so a redelivered event changes nothing, and a period older than
 * the current one (events arriving out of order) is recorded in the history but changes no balance.
 */
@injectable()
export class GrantSubscriptionPeriod {
  constructor(
    @inject(LEDGER_REPOSITORY) private readonly ledger: LedgerRepository,
    @inject(BALANCE_EVENTS) private readonly events: BalanceEvents,
  ) {}

  async execute(input: { userId: string; sourceKey: string; planTokens: number; periodStart: Date; description: string; payedUsdCents: number }): Promise<PeriodGrantResult> {
    if (!Number.isInteger(input.planTokens) || input.planTokens < 0) throw new RangeError('planTokens must be a whole number ≥ 0');
    const result: PeriodGrantResult = await this.ledger.withLockedBalance(input.userId, async (locked) => {
      if (await locked.findEntry(input.sourceKey)) return { applied: false, reason: 'duplicate', balance: locked.balance };
      const current = locked.balance.periodStart;
      if (current && current.getTime() >= input.periodStart.getTime()) {
        // An older period's payment arriving late still belongs in the history, but its tokens have
        // already been replaced by a newer period's: recorded with no change to the balance.
        await locked.append({
          sourceKey: input.sourceKey,
          kind: 'period_grant',
          subscriptionDelta: 0,
          additionalDelta: 0,
          tokens: input.planTokens,
          description: input.description,
          payedUsdCents: input.payedUsdCents,
          relatedKey: null,
        });
        return { applied: false, reason: 'stale', balance: locked.balance };
      }
      const balance = await locked.append(
        {
          sourceKey: input.sourceKey,
          kind: 'period_grant',
          subscriptionDelta: input.planTokens - locked.balance.subscriptionTokens,
          additionalDelta: 0,
          tokens: input.planTokens,
          description: input.description,
          payedUsdCents: input.payedUsdCents,
          relatedKey: null,
        },
        { maxSubscriptionTokens: input.planTokens, periodStart: input.periodStart },
      );
      return { applied: true, balance };
    });
    if (result.applied) await this.events.tokensAdded(input.userId);
    return result;
  }
}
