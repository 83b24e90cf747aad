import { addMonths, periodContaining, type Period } from './billing-period.js';
import type { PlanType } from './price.js';

/** The provider's statuses (Stripe's set); only `active` lets mail be processed. */
export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'trialing', 'paused'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const isSubscriptionStatus = (value: string): value is SubscriptionStatus => (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);

/** A subscription as the provider describes it at one moment. */
export interface SubscriptionSnapshot {
  subscriptionId: string;
  /** The provider's customer id (how a provider's event finds its user). */
  customerId: string;
  status: SubscriptionStatus;
  planType: PlanType | null;
  /** Tokens per period of the subscribed price. */
  planTokens: number | null;
  planPriceId: string | null;
  monthlyPriceCents: number | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  /** When the provider created it: the newest subscription of a user is the one that counts. */
  createdAt: Date;
}

export type BillingProvider = 'stripe' | 'local';

/** The user's current subscription as the app keeps it. */
export interface Subscription extends SubscriptionSnapshot {
  userId: string;
  provider: BillingProvider;
  /** Changes with every stored change: a version for idempotency keys of state toggles. */
  updatedAt: Date;
}

/** What the status field says: `none` without a subscription (docs/product.md § Plans, prices and tokens). */
export type DisplayedStatus = SubscriptionStatus | 'none';

const periodOver = (subscription: SubscriptionSnapshot, now: Date) => subscription.currentPeriodEnd !== null && subscription.currentPeriodEnd <= now;

/**
 * A subscription set to cancel stops at its period's end even before the provider says so (Stripe's
 * `customer.subscription.deleted` may come minutes later; the local gateway never sends one).
 */
export function effectiveStatus(subscription: SubscriptionSnapshot | null, now: Date): DisplayedStatus {
  if (!subscription) return 'none';
  if (subscription.status === 'active' && subscription.cancelAtPeriodEnd && periodOver(subscription, now)) return 'canceled';
  return subscription.status;
}

/** Active and paid; canceling counts as active until the period ends. No trials exist (docs/product.md § Plans, prices and tokens). */
export function isActive(subscription: SubscriptionSnapshot | null, now: Date): boolean {
  return effectiveStatus(subscription, now) === 'active';
}

/** Still active, but set to end at the period's end: the only state reactivation applies to. */
export function isCanceling(subscription: SubscriptionSnapshot | null, now: Date): boolean {
  return isActive(subscription, now) && subscription?.cancelAtPeriodEnd === true;
}

/**
 * The local gateway bills nobody, so it renews by itself: an active subscription not set to cancel
 * whose period has ended gets the period that contains `now` (missed months are not granted back).
 */
export function localRenewalDue(subscription: SubscriptionSnapshot, now: Date): Period | null {
  if (subscription.status !== 'active' || subscription.cancelAtPeriodEnd || !periodOver(subscription, now)) return null;
  const next = periodContaining(subscription.createdAt, now);
  return next.start >= (subscription.currentPeriodEnd ?? next.start) ? next : null;
}

/** The first period of a subscription paid now. */
export const firstPeriod = (now: Date): Period => ({ start: now, end: addMonths(now, 1) });

/**
 * The subscription fields of the status call (docs/api.md, "Subscription"). `cancelAtPeriodEnd` is shown only while the
 * subscription is still running: the Settings page reads it as "Canceling", so an ended one must say
 * false to be shown as "Canceled".
 */
export function describeSubscription(subscription: SubscriptionSnapshot | null, now: Date) {
  return {
    isActive: isActive(subscription, now),
    subscriptionStatus: effectiveStatus(subscription, now),
    cancelAtPeriodEnd: isCanceling(subscription, now),
    currentPeriodEnd: subscription?.currentPeriodEnd ?? null,
    monthlyPriceCents: subscription?.monthlyPriceCents ?? null,
    planType: subscription?.planType ?? null,
  };
}

export type SubscriptionDescription = ReturnType<typeof describeSubscription>;
