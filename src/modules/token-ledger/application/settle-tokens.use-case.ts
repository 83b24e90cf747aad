import { inject, injectable } from 'tsyringe';
import { refundKey, reserveKey, settleKey } from '../domain/ledger-entry.js';
import { LEDGER_REPOSITORY, type LedgerRepository } from './ports/ledger.repository.port.js';

export type SettleResult = { ok: true } | { ok: false; reason: 'not-reserved' | 'refunded' };

/** Turns a reservation into usage: the tokens are spent and appear in the usage reports. Idempotent. */
@injectable()
export class SettleTokens {
  constructor(@inject(LEDGER_REPOSITORY) private readonly ledger: LedgerRepository) {}

  execute(input: { userId: string; reservationId: string; operation: string }): Promise<SettleResult> {
    return this.ledger.withLockedBalance(input.userId, async (locked) => {
      const reservation = await locked.findEntry(reserveKey(input.reservationId));
      if (!reservation) return { ok: false, reason: 'not-reserved' };
      if (await locked.findEntry(settleKey(input.reservationId))) return { ok: true };
      if (await locked.findEntry(refundKey(input.reservationId))) return { ok: false, reason: 'refunded' };
      await locked.append({
        sourceKey: settleKey(input.reservationId),
        kind: 'settle',
        subscriptionDelta: 0,
        additionalDelta: 0,
        tokens: reservation.tokens,
        description: input.operation,
        payedUsdCents: 0,
        relatedKey: reservation.sourceKey,
      });
      return { ok: true };
    });
  }
}
