import { inject, injectable } from 'tsyringe';
import type { Balance } from '../domain/balance.js';
import { BALANCE_EVENTS, type BalanceEvents } from './ports/balance-events.port.js';
import { LEDGER_REPOSITORY, type LedgerRepository } from './ports/ledger.repository.port.js';

export type UpgradeGrantResult = { applied: true; balance: Balance } | { applied: false; reason: 'duplicate' | 'stale'; balance: Balance };

/**
 * A paid upgrade within a period: the subscription bucket rises by the difference between the plans
 * and the plan size becomes the new plan's, for the rest of the period. Keyed by the upgrade's payment,
 * so a redelivered event adds nothing; a payment arriving after a later period began (whose grant was
 * already the new plan's) is recorded in the history with no change to the balance.
 */
@injectable()
export class GrantPlanUpgrade {
  constructor(
    @inject(LEDGER_REPOSITORY) private readonly ledger: LedgerRepository,
    @inject(BALANCE_EVENTS) private readonly events: BalanceEvents,
  ) {}

  async execute(input: {
    userId: string;
    sourceKey: string;
    /** Tokens added now: new plan's minus old plan's. */
    addedTokens: number;
    /** The new plan's tokens per period. */
    planTokens: number;
    /** End of the period the upgrade was paid for. */
    periodEnd: Date;
    description: string;
    payedUsdCents: number;
  }): Promise<UpgradeGrantResult> {
    if (!Number.isInteger(input.addedTokens) || input.addedTokens < 0) throw new RangeError('addedTokens must be a whole number ≥ 0');
    if (!Number.isInteger(input.planTokens) || input.planTokens < 0) throw new RangeError('planTokens must be a whole number ≥ 0');
    const result: UpgradeGrantResult = await this.ledger.withLockedBalance(input.userId, async (locked) => {
      if (await locked.findEntry(input.sourceKey)) return { applied: false, reason: 'duplicate', balance: locked.balance };
      const entry = { sourceKey: input.sourceKey, kind: 'period_grant' as const, additionalDelta: 0, tokens: input.addedTokens, description: input.description, payedUsdCents: input.payedUsdCents, relatedKey: null };
      const current = locked.balance.periodStart;
      if (current && current.getTime() >= input.periodEnd.getTime()) {
        await locked.append({ ...entry, subscriptionDelta: 0 });
        return { applied: false, reason: 'stale', balance: locked.balance };
      }
      const balance = await locked.append({ ...entry, subscriptionDelta: input.addedTokens }, { maxSubscriptionTokens: input.planTokens });
      return { applied: true, balance };
    });
    if (result.applied) await this.events.tokensAdded(input.userId);
    return result;
  }
}
