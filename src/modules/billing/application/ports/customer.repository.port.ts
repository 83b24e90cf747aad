import type { Customer } from '../../domain/customer.js';
import type { BillingProvider } from '../../domain/subscription.js';

export interface CustomerRepository {
  find(userId: string, provider: BillingProvider): Promise<Customer | null>;
  findByCustomerId(provider: BillingProvider, customerId: string): Promise<Customer | null>;
  /** Stores the customer unless the user already has one; answers the one kept (the first wins a race). */
  add(customer: Customer): Promise<Customer>;
  setEmail(userId: string, provider: BillingProvider, email: string): Promise<void>;
  setDefaultPaymentMethod(userId: string, provider: BillingProvider, paymentMethod: string): Promise<void>;
}

export const CUSTOMER_REPOSITORY = Symbol('CustomerRepository');
