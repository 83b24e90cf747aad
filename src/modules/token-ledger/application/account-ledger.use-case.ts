import { inject, injectable } from 'tsyringe';
import type { Transaction } from '../../../shared/transaction.js';
import { ACCOUNT_LEDGER, type AccountLedger, type LedgerEntryExport } from './ports/account-ledger.port.js';

/**
 * An account's ledger: every entry for its export; at its deletion, every entry goes but the purchases and
 * paid periods (amounts and dates, which billing law keeps), with the balance and the usage totals.
 */
@injectable()
export class AccountLedgerEntries {
  constructor(@inject(ACCOUNT_LEDGER) private readonly ledger: AccountLedger) {}

  list(userId: string): Promise<LedgerEntryExport[]> {
    return this.ledger.entries(userId);
  }

  eraseIn(tx: Transaction, userId: string): Promise<void> {
    return this.ledger.erase(tx, userId);
  }
}
