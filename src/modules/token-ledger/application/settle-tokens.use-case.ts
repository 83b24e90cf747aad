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
      // The usual case in one statement: the settlement goes in against a reservation that is not refunded.
      const settled = await locked.appendAgainst(
        { sourceKey: settleKey(input.reservationId), kind: 'settle', description: input.operation, payedUsdCents: 0, relatedKey: reserveKey(input.reservationId) },
        { unless: refundKey(input.reservationId) },
      );
      if (settled) return { ok: true };
      const found = await locked.findEntries([reserveKey(input.reservationId), settleKey(input.reservationId), refundKey(input.reservationId)]);
      if (!found.some((entry) => entry.kind === 'reserve')) return { ok: false, reason: 'not-reserved' };
      if (found.some((entry) => entry.kind === 'settle')) return { ok: true };
      return { ok: false, reason: 'refunded' };
    });
  }
}
