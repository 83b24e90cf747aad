import type { Transaction } from '../../../../shared/transaction.js';

/** One entry's new description, by the entry's source key. */
export interface DescriptionChange {
  sourceKey: string;
  description: string;
}

/**
 * Rewrites what entries say, never their amounts or dates: how the ledger forgets what an operation was
 * about when the data it named is deleted.
 */
export interface LedgerDescriptions {
  /** In `tx`, the caller's transaction; entries of other users and keys that do not exist are left alone. */
  rewrite(tx: Transaction, userId: string, changes: DescriptionChange[]): Promise<void>;
}

export const LEDGER_DESCRIPTIONS = Symbol('LedgerDescriptions');
