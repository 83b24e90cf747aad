import type { Transaction } from '../../../../shared/transaction.js';

/** The checkout modes and statuses an account deletion keeps (see ACCOUNT_DELETION_KEPT): paid ones. */
export const KEPT_CHECKOUT = { modes: ['subscription', 'payment'], status: 'completed' } as const;

export interface BillingAccountRecords {
  /**
   * In `tx`: deletes the subscription and every checkout but the completed paid ones, and clears the
   * customer's billing email and card; the customer row (provider and its customer id) stays, for invoices.
   */
  erase(tx: Transaction, userId: string): Promise<void>;
}

export const BILLING_ACCOUNT_RECORDS = Symbol('BillingAccountRecords');
