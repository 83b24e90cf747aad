import { inject, injectable } from 'tsyringe';
import { refundKey, reserveKey, settleKey } from '../domain/ledger-entry.js';
import { LEDGER_REPOSITORY, type LedgerRepository } from './ports/ledger.repository.port.js';

export type SettleResult = { ok: true } | { ok: false; reason: 'not-reserved' | 'refunded' };

/** Turns a reservation into usage: the tokens are spent and appear in the usage reports. Idempotent. */
@injectable()
export class SettleTokens {
  constructor(@inject(LEDGER_REPOSITORY) private readonly ledger: LedgerRepository) {}

  async execute(input: { userId: string; reservationId: string; operation: string }): Promise<SettleResult> {
    // The usual case in one statement, without the balance lock (a settlement moves no balance): the
    // settlement goes in against a reservation with no outcome yet.
    const settled = await this.ledger.appendOutcome(input.userId, {
      sourceKey: settleKey(input.reservationId),
      kind: 'settle',
      description: input.operation,
      relatedKey: reserveKey(input.reservationId),
    });
    if (settled) return { ok: true };
    const found = await this.ledger.findEntries(input.userId, [reserveKey(input.reservationId), settleKey(input.reservationId), refundKey(input.reservationId)]);
    if (!found.some((entry) => entry.kind === 'reserve')) return { ok: false, reason: 'not-reserved' };
    if (found.some((entry) => entry.kind === 'settle')) return { ok: true };
    return { ok: false, reason: 'refunded' };
  }
}
