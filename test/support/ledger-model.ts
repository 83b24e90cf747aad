import fc from 'fast-check';
import { GrantSubscriptionPeriod } from '../../src/modules/token-ledger/application/grant-subscription-period.use-case.js';
import { GrantTokens } from '../../src/modules/token-ledger/application/grant-tokens.use-case.js';
import type { LedgerPolicy } from '../../src/modules/token-ledger/application/ledger-policy.js';
import { noBalanceEvents } from '../../src/modules/token-ledger/application/ports/balance-events.port.js';
import type { LedgerRepository } from '../../src/modules/token-ledger/application/ports/ledger.repository.port.js';
import { RefundTokens } from '../../src/modules/token-ledger/application/refund-tokens.use-case.js';
import { ReserveTokens } from '../../src/modules/token-ledger/application/reserve-tokens.use-case.js';
import { SettleTokens } from '../../src/modules/token-ledger/application/settle-tokens.use-case.js';

/** Ledger operations over a small key space, so sequences repeat keys often. */
export type LedgerCommand =
  | { op: 'period'; key: number; tokens: number; month: number }
  | { op: 'purchase'; key: number; tokens: number }
  | { op: 'reserve'; key: number; tokens: number }
  | { op: 'settle'; key: number }
  | { op: 'refund'; key: number };

const key = fc.integer({ min: 0, max: 5 });
export const ledgerCommand: fc.Arbitrary<LedgerCommand> = fc.oneof(
  fc.record({ op: fc.constant('period' as const), key, tokens: fc.integer({ min: 0, max: 50 }), month: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ op: fc.constant('purchase' as const), key, tokens: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ op: fc.constant('reserve' as const), key, tokens: fc.integer({ min: 1, max: 30 }) }),
  fc.record({ op: fc.constant('settle' as const), key }),
  fc.record({ op: fc.constant('refund' as const), key }),
);

export function ledgerUseCases(ledger: LedgerRepository, policy: LedgerPolicy = { unlimited: false }) {
  return {
    reserve: new ReserveTokens(ledger, policy, noBalanceEvents),
    settle: new SettleTokens(ledger),
    refund: new RefundTokens(ledger, noBalanceEvents),
    period: new GrantSubscriptionPeriod(ledger, noBalanceEvents),
    grant: new GrantTokens(ledger, noBalanceEvents),
  };
}

export async function runCommand(useCases: ReturnType<typeof ledgerUseCases>, userId: string, command: LedgerCommand): Promise<unknown> {
  switch (command.op) {
    case 'period':
      return useCases.period.execute({
        userId,
        sourceKey: `${userId}:invoice:${command.key}`,
        planTokens: command.tokens,
        periodStart: new Date(Date.UTC(2026, command.month - 1, 1)),
        description: 'Monthly tokens',
        payedUsdCents: 900,
      });
    case 'purchase':
      return useCases.grant.execute({ userId, sourceKey: `${userId}:checkout:${command.key}`, tokens: command.tokens, kind: 'purchase_grant', description: 'Token purchase', payedUsdCents: command.tokens });
    case 'reserve':
      return useCases.reserve.execute({ userId, reservationId: `${userId}:mail-${command.key}`, tokens: command.tokens, description: 'Mail' });
    case 'settle':
      return useCases.settle.execute({ userId, reservationId: `${userId}:mail-${command.key}`, operation: 'Mail summary' });
    case 'refund':
      return useCases.refund.execute({ userId, reservationId: `${userId}:mail-${command.key}`, reason: 'failed' });
  }
}
