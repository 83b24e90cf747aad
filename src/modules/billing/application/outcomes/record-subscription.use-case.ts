import { inject, injectable } from 'tsyringe';
import type { Subscription, SubscriptionSnapshot } from '../../domain/subscription.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../ports/payment-gateway.port.js';
import { SUBSCRIPTION_REPOSITORY, type SubscriptionRepository } from '../ports/subscription.repository.port.js';
import { providerOf } from '../provider-of.js';

/**
 * A subscription started or changed at the provider: keep its state (status, plan, cancel at period
 * end, period). Driven by Stripe's events and by the local checkout alike.
 */
@injectable()
export class RecordSubscription {
  constructor(
    @inject(SUBSCRIPTION_REPOSITORY) private readonly subscriptions: SubscriptionRepository,
    @inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  execute(userId: string, snapshot: SubscriptionSnapshot): Promise<Subscription | null> {
    return this.subscriptions.record(userId, providerOf(this.gateway), snapshot);
  }
}
