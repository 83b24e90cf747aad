import type { Period } from '../../domain/billing-period.js';
import type { BillingProvider, Subscription, SubscriptionSnapshot } from '../../domain/subscription.js';

export interface SubscriptionRepository {
  find(userId: string): Promise<Subscription | null>;
  /**
   * Stores the provider's view of a subscription as the user's current one, unless the stored one is a
   * different, newer subscription (a late event about an old subscription changes nothing). Answers
   * what is stored afterwards.
   */
  record(userId: string, provider: BillingProvider, snapshot: SubscriptionSnapshot): Promise<Subscription | null>;
  /** Moves the current period forward, never back; false when the subscription is not the user's current one. */
  advancePeriod(userId: string, subscriptionId: string, period: Period): Promise<boolean>;
}

export const SUBSCRIPTION_REPOSITORY = Symbol('SubscriptionRepository');
