import { inject, injectable } from 'tsyringe';
import type { Transaction } from '../../../shared/transaction.js';
import { refundKey, reserveKey, settleKey } from '../domain/ledger-entry.js';
import { LEDGER_DESCRIPTIONS, type LedgerDescriptions } from './ports/ledger-descriptions.port.js';

/** What each entry of a reservation says once its operation is forgotten. */
export interface NeutralDescriptions {
  reserve: string;
  settle: string;
  refund: string;
}

/**
 * Forgets what reservations were about: their entries (reserve, and settle or refund) keep their tokens
 * and dates, for the user's token history and the usage chart, but their descriptions (a mail's subject,
 * a document's name) become the neutral text given. Runs in the caller's transaction, so the descriptions
 * go in the same commit as the data they named.
 */
@injectable()
export class ForgetChargeDescriptions {
  constructor(@inject(LEDGER_DESCRIPTIONS) private readonly descriptions: LedgerDescriptions) {}

  async execute(tx: Transaction, input: { userId: string; reservationIds: string[]; neutral: NeutralDescriptions }): Promise<void> {
    if (input.reservationIds.length === 0) return;
    const changes = input.reservationIds.flatMap((id) => [
      { sourceKey: reserveKey(id), description: input.neutral.reserve },
      { sourceKey: settleKey(id), description: input.neutral.settle },
      { sourceKey: refundKey(id), description: input.neutral.refund },
    ]);
    await this.descriptions.rewrite(tx, input.userId, changes);
  }
}
