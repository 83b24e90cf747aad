import { inject, injectable } from 'tsyringe';
import type { Customer } from '../domain/customer.js';
import { callGateway } from './call-gateway.js';
import { idempotencyKey } from './idempotency-key.js';
import { CUSTOMER_REPOSITORY, type CustomerRepository } from './ports/customer.repository.port.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from './ports/payment-gateway.port.js';
import { providerOf } from './provider-of.js';

/** One provider customer per user, made on first need and kept. */
@injectable()
export class CustomerAccounts {
  constructor(
    @inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @inject(CUSTOMER_REPOSITORY) private readonly customers: CustomerRepository,
  ) {}

  find(userId: string): Promise<Customer | null> {
    return this.customers.find(userId, providerOf(this.gateway));
  }

  async ensure(userId: string, email: string): Promise<Customer> {
    const provider = providerOf(this.gateway);
    const found = await this.customers.find(userId, provider);
    if (found) return found;
    // A constant nonce: two racing first checkouts get the same provider customer, not two.
    const key = idempotencyKey({ intent: 'customer', userId, params: { provider }, nonce: 'v1' });
    const customerId = await callGateway(() => this.gateway.createCustomer({ userId, email, idempotencyKey: key }));
    return this.customers.add({ userId, provider, customerId, email, defaultPaymentMethod: null });
  }
}
