// The subscription calls: status, cancel and reactivate, plan change, cards (docs/api.md § Subscription).
import { z } from 'zod/mini';
import { CheckoutResponse, PlanType } from './billing.js';
import { IsoDateTime } from './common.js';
import { routeTable } from './route.js';

/** The provider's statuses of a subscription. */
export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'trialing', 'paused'] as const;

/** `none`, or the provider's status of the subscription. */
export const SubscriptionState = z.enum(['none', ...SUBSCRIPTION_STATUSES]);
export type SubscriptionState = z.infer<typeof SubscriptionState>;

/** GET /api/subscription/status, and the answer of cancel and reactivate. */
export const SubscriptionStatus = z.strictObject({
  isActive: z.boolean(),
  subscriptionStatus: SubscriptionState,
  cancelAtPeriodEnd: z.boolean(),
  /** Null when there is no billing period. */
  currentPeriodEnd: z.nullable(IsoDateTime),
  /** Dollars. */
  monthlyPrice: z.nullable(z.number()),
  paymentEmail: z.nullable(z.string()),
  subscriptionTokens: z.int(),
  maxSubscriptionTokens: z.int(),
  additionalTokens: z.int(),
  planType: z.nullable(PlanType),
  /** The operator switched billing off: everyone counts as active, with unlimited tokens. */
  billingDisabled: z.boolean(),
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

/** A payment method: an item of GET /api/subscription/payment-methods. */
export const PaymentMethod = z.strictObject({
  brand: z.string(),
  last4: z.string(),
  expiryMonth: z.int(),
  expiryYear: z.int(),
});
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** `upgrade`: the dearer plan, now, prorated; `downgrade`: the cheaper one, no refund, from the next renewal. */
export const PlanChangeDirection = z.enum(['upgrade', 'downgrade']);
export type PlanChangeDirection = z.infer<typeof PlanChangeDirection>;

/** GET /api/subscription/plan-change?planType=…: the plan to preview. */
export const PlanChangeQuery = z.object({ planType: PlanType });
export type PlanChangeQuery = z.infer<typeof PlanChangeQuery>;

/** GET /api/subscription/plan-change?planType=…: what changing to that plan does, before confirming. */
export const PlanChangePreview = z.strictObject({
  currentPlan: z.nullable(PlanType),
  newPlan: PlanType,
  change: PlanChangeDirection,
  currentTokensPerMonth: z.int(),
  newTokensPerMonth: z.int(),
  /** Added to this period's subscription tokens once the upgrade is paid; 0 for a downgrade. */
  tokensAddedNow: z.int(),
  /** Dollars charged now (prorated for the rest of the period); 0 for a downgrade. */
  amountDueNow: z.number(),
  /** From when the new plan's monthly tokens apply: now (upgrade) or the next renewal (downgrade). */
  tokensFrom: z.nullable(IsoDateTime),
  /** The next renewal, and its amount in dollars (the new plan's price). */
  nextRenewalAt: z.nullable(IsoDateTime),
  nextRenewalAmount: z.number(),
  /** When the amount was prorated; send it back with the change to be charged the same. */
  prorationDate: IsoDateTime,
});
export type PlanChangePreview = z.infer<typeof PlanChangePreview>;

/** POST /api/subscription/change-plan. */
export const PlanChangeRequest = z.object({
  planType: PlanType,
  prorationDate: z.optional(z.iso.datetime({ offset: true, error: 'must be an ISO date-time' })),
});
export type PlanChangeRequest = z.infer<typeof PlanChangeRequest>;

/** The answer of POST /api/subscription/change-plan: what happened, and the refreshed status. */
export const PlanChangeResponse = z.strictObject({
  change: PlanChangeDirection,
  newPlan: PlanType,
  /** Dollars charged now. */
  amountCharged: z.number(),
  /** Tokens added now (an upgrade whose payment the provider confirmed at once). */
  tokensAdded: z.int(),
  status: SubscriptionStatus,
});
export type PlanChangeResponse = z.infer<typeof PlanChangeResponse>;

const bearer = 'bearer';

export const subscriptionRoutes = routeTable({
  subscriptionStatus: { method: 'GET', path: '/api/subscription/status', auth: bearer, summary: 'The subscription and the token balance.', status: 200, answer: SubscriptionStatus },
  cancelSubscription: { method: 'POST', path: '/api/subscription/cancel', auth: bearer, summary: 'Ends the subscription at the period\'s end; answers the status.', status: 200, answer: SubscriptionStatus },
  reactivateSubscription: { method: 'POST', path: '/api/subscription/reactivate', auth: bearer, summary: 'Undoes a cancellation; answers the status.', status: 200, answer: SubscriptionStatus },
  previewPlanChange: { method: 'GET', path: '/api/subscription/plan-change', auth: bearer, summary: 'What changing to a plan does, before confirming.', query: PlanChangeQuery, status: 200, answer: PlanChangePreview },
  changePlan: { method: 'POST', path: '/api/subscription/change-plan', auth: bearer, summary: 'Changes the plan.', body: PlanChangeRequest, status: 200, answer: PlanChangeResponse },
  paymentMethods: { method: 'GET', path: '/api/subscription/payment-methods', auth: bearer, summary: 'The saved cards.', status: 200, answer: z.array(PaymentMethod) },
  setupPaymentMethod: { method: 'POST', path: '/api/subscription/setup-payment-method', auth: bearer, summary: 'Opens a checkout that changes the card.', status: 200, answer: CheckoutResponse },
});
