import { inject, injectable } from 'tsyringe';
import type { Balance } from '../domain/balance.js';
import { reserveKey } from '../domain/ledger-entry.js';
import { LEDGER_POLICY, type LedgerPolicy } from './ledger-policy.js';
import { BALANCE_EVENTS, type BalanceEvents } from './ports/balance-events.port.js';
import { LEDGER_REPOSITORY, type LedgerRepository } from './ports/ledger.repository.port.js';

export type ReserveResult = { ok: true; balance: Balance } | { ok: false; reason: 'insufficient'; balance: Balance };

/**
 * Sets tokens aside for one piece of work (a mail) before it runs: all or nothing, never below zero,
 * subscription tokens first (the rule lives in the repository's one statement, `reserveOnce`, which must
 * see the balance under its lock: docs/architecture.md "How a mail travels"). Repeating a reservation
 * changes nothing and answers as the first time did, even when the balance has since run low.
 */
@injectable()
export class ReserveTokens {
  constructor(
    @inject(LEDGER_REPOSITORY) private readonly ledger: LedgerRepository,
    @inject(LEDGER_POLICY) private readonly policy: LedgerPolicy,
    @inject(BALANCE_EVENTS) private readonly events: BalanceEvents,
  ) {}

  async execute(input: { userId: string; reservationId: string; tokens: number; description: string }): Promise<ReserveResult> {
    if (!Number.isInteger(input.tokens) || input.tokens <= 0) throw new RangeError(`tokens must be a positive integer, got ${input.tokens}`);
    const { outcome, balance } = await this.ledger.reserveOnce(
      input.userId,
      { sourceKey: reserveKey(input.reservationId), tokens: input.tokens, description: input.description },
      { unlimited: this.policy.unlimited },
    );
    if (outcome === 'insufficient') return { ok: false, reason: 'insufficient', balance };
    // Told after the commit, and only when the balance moved: a tab that refetches then sees the new balance.
    if (outcome === 'reserved' && !this.policy.unlimited) await this.events.balanceChanged(input.userId);
    return { ok: true, balance };
  }
}
