import type { Transaction } from '../../../../shared/transaction.js';

/** A ledger entry as an account export shows it. */
export interface LedgerEntryExport {
  kind: string;
  tokens: number;
  description: string;
  paidUsdCents: number;
  createdAt: Date;
}

/** The ledger kinds an account deletion keeps (amounts and dates of what was paid): see ACCOUNT_DELETION_KEPT. */
export const KEPT_LEDGER_KINDS = ['purchase_grant', 'period_grant'] as const;

export interface AccountLedger {
  /** Every entry of the user, oldest first. */
  entries(userId: string): Promise<LedgerEntryExport[]>;
  /** In `tx`: deletes every entry but the kept kinds, the balance and the usage totals. */
  erase(tx: Transaction, userId: string): Promise<void>;
}

export const ACCOUNT_LEDGER = Symbol('AccountLedger');
