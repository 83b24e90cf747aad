import { inject, injectable } from 'tsyringe';
import { AppError } from '../../../shared/app-error.js';
import { BillingErrors } from '../billing.errors.js';
import { isCanceling, type Subscription } from '../domain/subscription.js';
import { callGateway } from './call-gateway.js';
import { idempotencyKey } from './idempotency-key.js';
import { RecordSubscription } from './outcomes/record-subscription.use-case.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from './ports/payment-gateway.port.js';
import { longDate, SubscriptionNow } from './subscription-now.js';

/**
 * Cancel (at the period's end: the paid month is kept) and reactivate (undo that before the end).
 * The provider's answer is stored at once, so the refetched status shows the change without waiting
 * for its event.
 */
@injectable()
export class ChangeCancellation {
  constructor(
    @inject(SubscriptionNow) private readonly subscriptions: SubscriptionNow,
    @inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @inject(RecordSubscription) private readonly record: RecordSubscription,
  ) {}

  async cancel(userId: string): Promise<void> {
    const { subscription, now } = await this.subscriptions.active(userId, 'There is no active subscription to cancel.');
    if (isCanceling(subscription, now)) {
      throw new AppError(BillingErrors.ALREADY_CANCELING, `The subscription is already set to end on ${longDate(subscription.currentPeriodEnd)}.`);
    }
    await this.change(userId, subscription, true);
  }

  async reactivate(userId: string): Promise<void> {
    const { subscription, now } = await this.subscriptions.of(userId);
    if (!subscription || !isCanceling(subscription, now)) {
      throw new AppError(BillingErrors.NOT_CANCELING, 'The subscription is not set to cancel, so there is nothing to reactivate.');
    }
    await this.change(userId, subscription, false);
  }

  private async change(userId: string, subscription: Subscription, cancel: boolean): Promise<void> {
    const key = idempotencyKey({
      intent: cancel ? 'cancel' : 'reactivate',
      userId,
      params: { subscriptionId: subscription.subscriptionId },
      nonce: String(subscription.updatedAt.getTime()),
    });
    const snapshot = await callGateway(() => this.gateway.setCancelAtPeriodEnd(subscription, cancel, key));
    await this.record.execute(userId, snapshot);
  }
}
