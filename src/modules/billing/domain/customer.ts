import type { BillingProvider } from './subscription.js';

/** The user's account at the payment provider: one per user and provider. */
export interface Customer {
  userId: string;
  provider: BillingProvider;
  customerId: string;
  /** Where the provider sends receipts; set from the user's email, changed in Settings. */
  email: string | null;
  /** The card used for the subscription's invoices, once the user has chosen one. */
  defaultPaymentMethod: string | null;
}
