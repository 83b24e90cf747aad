import { inject, injectable } from 'tsyringe';
import { callGateway } from '../call-gateway.js';
import { idempotencyKey } from '../idempotency-key.js';
import { CUSTOMER_REPOSITORY, type CustomerRepository } from '../ports/customer.repository.port.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../ports/payment-gateway.port.js';
import { SUBSCRIPTION_REPOSITORY, type SubscriptionRepository } from '../ports/subscription.repository.port.js';
import { providerOf } from '../provider-of.js';

/** A card was saved (card change, or the card of a local checkout): it becomes the one invoices use. */
@injectable()
export class CompleteCardSetup {
  constructor(
    @inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @inject(CUSTOMER_REPOSITORY) private readonly customers: CustomerRepository,
    @inject(SUBSCRIPTION_REPOSITORY) private readonly subscriptions: SubscriptionRepository,
  ) {}

  /** `setupRef`: the provider's record of the saved card (Stripe's setup intent). */
  async execute(input: { userId: string; setupRef: string }): Promise<{ completed: boolean }> {
    const provider = providerOf(this.gateway);
    const customer = await this.customers.find(input.userId, provider);
    if (!customer) return { completed: false };
    const subscription = await this.subscriptions.find(input.userId);
    const subscriptionId = subscription && subscription.provider === provider ? subscription.subscriptionId : null;
    const paymentMethod = await callGateway(() =>
      this.gateway.useCardFromSetup({
        customerId: customer.customerId,
        setupRef: input.setupRef,
        subscriptionId,
        idempotencyKey: idempotencyKey({ intent: 'card', userId: input.userId, params: { subscriptionId }, nonce: input.setupRef }),
      }),
    );
    await this.customers.setDefaultPaymentMethod(input.userId, provider, paymentMethod);
    return { completed: true };
  }
}
