import type { Database } from '../../../platform/db/database.js';
import type { CustomerRepository } from '../application/ports/customer.repository.port.js';
import type { Customer } from '../domain/customer.js';
import type { BillingProvider } from '../domain/subscription.js';

interface CustomerRow {
  user_id: string;
  provider: BillingProvider;
  customer_id: string;
  email: string | null;
  default_payment_method: string | null;
}

const toCustomer = (row: CustomerRow): Customer => ({
  userId: row.user_id,
  provider: row.provider,
  customerId: row.customer_id,
  email: row.email,
  defaultPaymentMethod: row.default_payment_method,
});

export class KnexCustomerRepository implements CustomerRepository {
  constructor(private readonly db: Database) {}

  async find(userId: string, provider: BillingProvider): Promise<Customer | null> {
    const row = (await this.db('billing_customers').where({ user_id: userId, provider }).first()) as CustomerRow | undefined;
    return row ? toCustomer(row) : null;
  }

  async findByCustomerId(provider: BillingProvider, customerId: string): Promise<Customer | null> {
    const row = (await this.db('billing_customers').where({ provider, customer_id: customerId }).first()) as CustomerRow | undefined;
    return row ? toCustomer(row) : null;
  }

  async add(customer: Customer): Promise<Customer> {
    await this.db('billing_customers')
      .insert({
        user_id: customer.userId,
        provider: customer.provider,
        customer_id: customer.customerId,
        email: customer.email,
        default_payment_method: customer.defaultPaymentMethod,
      })
      .onConflict(['user_id', 'provider'])
      .ignore();
    const stored = await this.find(customer.userId, customer.provider);
    if (!stored) throw new Error(`billing customer of ${customer.userId} vanished`);
    return stored;
  }

  async setEmail(userId: string, provider: BillingProvider, email: string): Promise<void> {
    await this.db('billing_customers').where({ user_id: userId, provider }).update({ email });
  }

  async setDefaultPaymentMethod(userId: string, provider: BillingProvider, paymentMethod: string): Promise<void> {
    await this.db('billing_customers').where({ user_id: userId, provider }).update({ default_payment_method: paymentMethod });
  }
}
