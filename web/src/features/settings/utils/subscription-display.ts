// The subscription and payment method as Settings shows them (docs/product.md § Settings).
import type { SubscriptionStatus } from '@/lib/subscription-status';

export type SubscriptionDisplay = 'active' | 'canceling' | 'none' | 'canceled';

export const SUBSCRIPTION_LABELS: Record<SubscriptionDisplay, string> = {
  active: 'Active',
  canceling: 'Canceling',
  none: 'No Subscription',
  canceled: 'Canceled',
};

/** "Active": active and not canceling; "Canceling": cancelAtPeriodEnd set; "No Subscription": none; otherwise "Canceled". */
export function subscriptionDisplayOf(status: Pick<SubscriptionStatus, 'subscriptionStatus' | 'cancelAtPeriodEnd'>): SubscriptionDisplay {
  if (status.subscriptionStatus === 'active' && !status.cancelAtPeriodEnd) return 'active';
  if (status.cancelAtPeriodEnd) return 'canceling';
  if (status.subscriptionStatus === 'none') return 'none';
  return 'canceled';
}

/** A card's expiry: the month padded to 2 digits, then the year ("04/2027"). */
export function formatExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${year}`;
}
