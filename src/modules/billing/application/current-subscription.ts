import { inject, injectable } from 'tsyringe';
import { CLOCK, type Clock } from '../../../shared/clock.js';
import { localRenewalDue, type Subscription } from '../domain/subscription.js';
import { StartPaidPeriod } from './outcomes/start-paid-period.use-case.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from './ports/payment-gateway.port.js';
import { SUBSCRIPTION_REPOSITORY, type SubscriptionRepository } from './ports/subscription.repository.port.js';

/**
 * The user's subscription with the current provider. Every read goes through here, which is where the
 * local gateway renews: with no provider to bill the next month, a local subscription whose period
 * ended (and that is not set to cancel) gets its next period, and its tokens, on the next read. The
 * readers are the status call, SubscriptionAccess (the mail pipeline) and the checkout rules, so a
 * renewal is never missed where it matters; no timer is needed.
 */
@injectable()
export class CurrentSubscription {
  constructor(
    @inject(SUBSCRIPTION_REPOSITORY) private readonly subscriptions: SubscriptionRepository,
    @inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @inject(StartPaidPeriod) private readonly startPeriod: StartPaidPeriod,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async of(userId: string): Promise<Subscription | null> {
    const subscription = await this.subscriptions.find(userId);
    // A subscription of another provider (BILLING was switched) is not one this server can bill.
    if (!subscription || subscription.provider !== this.gateway.provider) return null;
    if (subscription.provider !== 'local') return subscription;
    const due = localRenewalDue(subscription, this.clock.now());
    if (!due) return subscription;
    await this.startPeriod.execute({
      userId,
      subscriptionId: subscription.subscriptionId,
      // Derived from the period, so concurrent readers grant it once.
      sourceKey: `${subscription.subscriptionId}:${due.start.toISOString()}`,
      period: due,
      planType: subscription.planType,
      planTokens: subscription.planTokens ?? 0,
      payedUsdCents: subscription.monthlyPriceCents ?? 0,
    });
    return this.subscriptions.find(userId);
  }
}
