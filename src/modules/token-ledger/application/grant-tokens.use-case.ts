import { inject, injectable } from 'tsyringe';
import type { Balance } from '../domain/balance.js';
import { BALANCE_EVENTS, type BalanceEvents } from './ports/balance-events.port.js';
import { LEDGER_REPOSITORY, type LedgerRepository } from './ports/ledger.repository.port.js';

export type GrantResult = { applied: boolean; balance: Balance };

/** Adds tokens that never expire: a purchase (keyed by its checkout) or an operator's grant. Idempotent. */
@injectable()
export class GrantTokens {
  constructor(
    @inject(LEDGER_REPOSITORY) private readonly ledger: LedgerRepository,
    @inject(BALANCE_EVENTS) private readonly events: BalanceEvents,
  ) {}

  async execute(input: { userId: string; sourceKey: string; tokens: number; kind: 'purchase_grant' | 'admin_grant'; description: string; payedUsdCents: number }): Promise<GrantResult> {
    if (!Number.isInteger(input.tokens) || input.tokens <= 0) throw new RangeError('tokens must be a positive whole number');
    const result: GrantResult = await this.ledger.withLockedBalance(input.userId, async (locked) => {
      if (await locked.findEntry(input.sourceKey)) return { applied: false, balance: locked.balance };
      const balance = await locked.append({
        sourceKey: input.sourceKey,
        kind: input.kind,
        subscriptionDelta: 0,
        additionalDelta: input.tokens,
        tokens: input.tokens,
        description: input.description,
        payedUsdCents: input.payedUsdCents,
        relatedKey: null,
      });
      return { applied: true, balance };
    });
    if (result.applied) await this.events.tokensAdded(input.userId);
    return result;
  }
}
