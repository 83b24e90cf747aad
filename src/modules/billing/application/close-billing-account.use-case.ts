import { inject, injectable } from 'tsyringe';
import { AppError, isAppError } from '../../../shared/app-error.js';
import { CLOCK, type Clock } from '../../../shared/clock.js';
import type { Transaction } from '../../../shared/transaction.js';
import { BillingErrors } from '../billing.errors.js';
import { isActive, isCanceling } from '../domain/subscription.js';
import { BILLING_SETTINGS, type BillingSettings } from './billing-settings.js';
import { callGateway } from './call-gateway.js';
import { CurrentSubscription } from './current-subscription.js';
import { GetSubscriptionStatus, type SubscriptionStatusView } from './get-subscription-status.use-case.js';
import { idempotencyKey } from './idempotency-key.js';
import { BILLING_ACCOUNT_RECORDS, type BillingAccountRecords } from './ports/billing-account.records.port.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from './ports/payment-gateway.port.js';

/**
 * Billing's part of an account's export and deletion. The subscription is cancelled at the provider
 * before anything is deleted (no charge follows a deleted account); the deletion then keeps only what
 * invoices need (ACCOUNT_DELETION_KEPT).
 */
@injectable()
export class CloseBillingAccount {
  constructor(
    @inject(BILLING_SETTINGS) private readonly settings: BillingSettings,
    @inject(CurrentSubscription) private readonly current: CurrentSubscription,
    @inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @inject(BILLING_ACCOUNT_RECORDS) private readonly records: BillingAccountRecords,
    @inject(GetSubscriptionStatus) private readonly status: GetSubscriptionStatus,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  state(userId: string): Promise<SubscriptionStatusView> {
    return this.status.execute(userId);
  }

  /** Stops the renewal at the provider; nothing to do without a live subscription or with billing off. */
  async cancelAtProvider(userId: string): Promise<void> {
    if (this.settings.mode === 'off') return;
    const subscription = await this.current.of(userId);
    const now = this.clock.now();
    if (!subscription || !isActive(subscription, now) || isCanceling(subscription, now)) return;
    const key = idempotencyKey({ intent: 'cancel', userId, params: { subscriptionId: subscription.subscriptionId, for: 'account-deletion' }, nonce: String(subscription.updatedAt.getTime()) });
    try {
      await callGateway(() => this.gateway.setCancelAtPeriodEnd(subscription, true, key));
    } catch (error) {
      if (isAppError(error)) throw error;
      throw new AppError(BillingErrors.CANCEL_FAILED, 'The payment provider refused to cancel the subscription, so nothing was deleted. Please try again or contact support.', { cause: error });
    }
  }

  eraseIn(tx: Transaction, userId: string): Promise<void> {
    return this.records.erase(tx, userId);
  }
}
