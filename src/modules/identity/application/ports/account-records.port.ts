import type { Transaction } from '../../../../shared/transaction.js';

/** Another module's part of an account's erasure, run in its transaction before the user's row goes. */
export type AccountErasureStep = (tx: Transaction) => Promise<void>;

export interface AccountRecords {
  /**
   * Erases the user in one transaction: first `within` (what other modules keep about them), then their
   * sessions and their row (name, email, picture, provider token). Answers the erased sessions' ids, or
   * null, with nothing run, when the user does not exist.
   */
  erase(userId: string, within: AccountErasureStep): Promise<string[] | null>;
}

export const ACCOUNT_RECORDS = Symbol('AccountRecords');
