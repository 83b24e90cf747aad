import { inject, injectable } from 'tsyringe';
import { splitRefund } from '../domain/balance.js';
import { refundKey, reserveKey, settleKey } from '../domain/ledger-entry.js';
import { BALANCE_EVENTS, type BalanceEvents } from './ports/balance-events.port.js';
import { LEDGER_REPOSITORY, type LedgerRepository } from './ports/ledger.repository.port.js';

export type RefundResult = { ok: true } | { ok: false; reason: 'not-reserved' | 'settled' };

/** Gives a reservation back when its work failed for good. Idempotent; a settled reservation stays spent. */
@injectable()
export class RefundTokens {
  constructor(
    @inject(LEDGER_REPOSITORY) private readonly ledger: LedgerRepository,
    @inject(BALANCE_EVENTS) private readonly events: BalanceEvents,
  ) {}

  async execute(input: { userId: string; reservationId: string; reason: string }): Promise<RefundResult> {
    const result: RefundResult = await this.ledger.withLockedBalance(input.userId, async (locked) => {
      const found = await locked.findEntries([reserveKey(input.reservationId), refundKey(input.reservationId), settleKey(input.reservationId)]);
      const reservation = found.find((entry) => entry.kind === 'reserve');
      if (!reservation) return { ok: false, reason: 'not-reserved' };
      if (found.some((entry) => entry.kind === 'refund')) return { ok: true };
      if (found.some((entry) => entry.kind === 'settle')) return { ok: false, reason: 'settled' };
      const back = splitRefund(locked.balance, {
        fromSubscription: -reservation.subscriptionDelta,
        fromAdditional: -reservation.additionalDelta,
      });
      const refunded = await locked.appendOnce({
        sourceKey: refundKey(input.reservationId),
        kind: 'refund',
        subscriptionDelta: back.fromSubscription,
        additionalDelta: back.fromAdditional,
        tokens: reservation.tokens,
        description: input.reason,
        payedUsdCents: 0,
        relatedKey: reservation.sourceKey,
      });
      // Settlements do not take the lock: one that committed since the lookup above is the outcome.
      return refunded ? { ok: true } : { ok: false, reason: 'settled' };
    });
    if (result.ok) await this.events.tokensAdded(input.userId);
    return result;
  }
}
