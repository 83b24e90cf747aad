// The subscription calls: status, cancel and reactivate, plan change, cards (docs/api.md § Subscription).
import type { PlanType } from './billing.js';

/** `none`, or the provider's status of the subscription. */
export type SubscriptionState =
  | 'none'
  | 'active'
  | 'past_due'
  | 'canceled'
  | 'incomplete'
  | 'incomplete_expired'
  | 'unpaid'
  | 'trialing'
  | 'paused';

/** GET /api/subscription/status, and the answer of cancel and reactivate. */
export type SubscriptionStatus = {
  isActive: boolean;
  subscriptionStatus: SubscriptionState;
  cancelAtPeriodEnd: boolean;
  /** ISO date-time, or null when there is no billing period. */
  currentPeriodEnd: string | null;
  /** Dollars. */
  monthlyPrice: number | null;
  paymentEmail: string | null;
  subscriptionTokens: number;
  maxSubscriptionTokens: number;
  additionalTokens: number;
  planType: PlanType | null;
  /** The operator switched billing off: everyone counts as active, with unlimited tokens. */
  billingDisabled: boolean;
};

/** Spec §3 payment method: an item of GET /api/subscription/payment-methods. */
export type PaymentMethod = {
  brand: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
};

/** `upgrade`: the dearer plan, now, prorated; `downgrade`: the cheaper one, no refund, from the next renewal. */
export type PlanChangeDirection = 'upgrade' | 'downgrade';

/** GET /api/subscription/plan-change?planType=…: what changing to that plan does, before confirming. */
export type PlanChangePreview = {
  currentPlan: PlanType | null;
  newPlan: PlanType;
  change: PlanChangeDirection;
  currentTokensPerMonth: number;
  newTokensPerMonth: number;
  /** Added to this period's subscription tokens once the upgrade is paid; 0 for a downgrade. */
  tokensAddedNow: number;
  /** Dollars charged now (prorated for the rest of the period); 0 for a downgrade. */
  amountDueNow: number;
  /** ISO date-time from which the new plan's monthly tokens apply: now (upgrade) or the next renewal (downgrade). */
  tokensFrom: string | null;
  /** ISO date-time of the next renewal, and its amount in dollars (the new plan's price). */
  nextRenewalAt: string | null;
  nextRenewalAmount: number;
  /** ISO date-time the amount was prorated at; send it back with the change to be charged the same. */
  prorationDate: string;
};

/** POST /api/subscription/change-plan. */
export type PlanChangeRequest = { planType: PlanType; prorationDate?: string };

/** The answer of POST /api/subscription/change-plan: what happened, and the refreshed status. */
export type PlanChangeResponse = {
  change: PlanChangeDirection;
  newPlan: PlanType;
  /** Dollars charged now. */
  amountCharged: number;
  /** Tokens added now (an upgrade whose payment the provider confirmed at once). */
  tokensAdded: number;
  status: SubscriptionStatus;
};
