import { inject, injectable } from 'tsyringe';
import type { Card } from '../domain/card.js';
import { BILLING_SETTINGS, ensureBillingOn, type BillingSettings } from './billing-settings.js';
import { callGateway } from './call-gateway.js';
import { CustomerAccounts } from './customer-accounts.js';
import { idempotencyKey } from './idempotency-key.js';
import { CUSTOMER_REPOSITORY, type CustomerRepository } from './ports/customer.repository.port.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from './ports/payment-gateway.port.js';
import { providerOf } from './provider-of.js';

/** The Settings page's Payment Methods section: saved cards and the billing email. */
@injectable()
export class PaymentMethods {
  constructor(
    @inject(BILLING_SETTINGS) private readonly settings: BillingSettings,
    @inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @inject(CustomerAccounts) private readonly accounts: CustomerAccounts,
    @inject(CUSTOMER_REPOSITORY) private readonly customers: CustomerRepository,
  ) {}

  async cards(userId: string): Promise<Card[]> {
    if (this.settings.mode === 'off') return [];
    const customer = await this.accounts.find(userId);
    if (!customer) return [];
    return callGateway(() => this.gateway.listCards(customer));
  }

  async setEmail(input: { userId: string; email: string; nonce: string }): Promise<void> {
    ensureBillingOn(this.settings);
    const provider = providerOf(this.gateway);
    const existing = await this.accounts.find(input.userId);
    // A user without a customer yet gets one with this email: nothing else to update.
    const customer = existing ?? (await this.accounts.ensure(input.userId, input.email));
    if (existing) {
      const key = idempotencyKey({ intent: 'email', userId: input.userId, params: { email: input.email }, nonce: input.nonce });
      await callGateway(() => this.gateway.updateCustomerEmail(customer.customerId, input.email, key));
    }
    await this.customers.setEmail(input.userId, provider, input.email);
  }
}
