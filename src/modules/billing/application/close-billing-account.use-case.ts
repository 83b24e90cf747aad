import { inject, injectable } from 'tsyringe';
import { AppError, isAppError } from '../../../shared/app-error.js';
import { CLOCK, type Clock } from '../../../shared/clock.js';
import type { Transaction } from '../../../shared/transaction.js';
import { BillingErrors } from '../billing.errors.js';
import { isActive } from '../domain/subscription.js';
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

  /**
   * Ends the subscription at the provider now, not at the period's end: nobody is left to use what a
   * renewal would buy, and a subscription that outlives its account is one the provider may still bill.
   * Nothing to do without a live subscription (one already set to end at the period's end included) or
   * with billing off.
   */
  async cancelAtProvider(userId: string): Promise<void> {
    if (this.settings.mode === 'off') return;
    const subscription = await this.current.of(userId);
    if (!subscription || !isActive(subscription, this.clock.now())) return;
    const key = idempotencyKey({ intent: 'cancel-now', userId, params: { subscriptionId: subscription.subscriptionId, for: 'account-deletion' }, nonce: String(subscription.updatedAt.getTime()) });
    try {
      await callGateway(() => this.gateway.cancelNow(subscription, key));
    } catch (error) {
      if (isAppError(error)) throw error;
      throw new AppError(BillingErrors.CANCEL_FAILED, 'The payment provider refused to cancel the subscription, so nothing was deleted. Please try again or contact support.', { cause: error });
    }
  }

  eraseIn(tx: Transaction, userId: string): Promise<void> {
    return this.records.erase(tx, userId);
  }
}
