/** Transport-free error codes of the billing module; the HTTP edge maps them to statuses. */
export const BillingErrors = {
  DISABLED: 'BILLING.DISABLED',
  ALREADY_SUBSCRIBED: 'BILLING.ALREADY_SUBSCRIBED',
  SUBSCRIPTION_REQUIRED: 'BILLING.SUBSCRIPTION_REQUIRED',
  NOT_ACTIVE: 'BILLING.NOT_ACTIVE',
  ALREADY_CANCELING: 'BILLING.ALREADY_CANCELING',
  NOT_CANCELING: 'BILLING.NOT_CANCELING',
  /** A checkout for the other plan while subscribed: the plan change is the way. */
  PLAN_CHANGE_REQUIRED: 'BILLING.PLAN_CHANGE_REQUIRED',
  /** A plan change while the subscription is set to end: reactivate first. */
  PLAN_CHANGE_CANCELING: 'BILLING.PLAN_CHANGE_CANCELING',
  /** The upgrade's payment did not go through; the plan is unchanged. */
  PLAN_CHANGE_PAYMENT_FAILED: 'BILLING.PLAN_CHANGE_PAYMENT_FAILED',
  PRICE_NOT_FOUND: 'BILLING.PRICE_NOT_FOUND',
  /** No checkout of this user has that id. */
  CHECKOUT_NOT_FOUND: 'BILLING.CHECKOUT_NOT_FOUND',
  PROVIDER_UNAVAILABLE: 'BILLING.PROVIDER_UNAVAILABLE',
  /** The provider answered but would not cancel the subscription (account deletion stops there). */
  CANCEL_FAILED: 'BILLING.CANCEL_FAILED',
  WEBHOOK_SIGNATURE: 'BILLING.WEBHOOK_SIGNATURE',
} as const;

export type BillingErrorCode = (typeof BillingErrors)[keyof typeof BillingErrors];

// Adds this catalogue to AppErrorCode (see src/shared/app-error.ts).
declare module '../../shared/app-error.js' {
  interface AppErrorCatalogues {
    billing: BillingErrorCode;
  }
}

/** The wording of docs/product.md § Plans, prices and tokens, shown by the plan page on a 409. */
export const ALREADY_SUBSCRIBED_MESSAGE =
  'You already have an active subscription. Please cancel your current subscription before purchasing a new one.';

export const BILLING_DISABLED_MESSAGE = 'Billing is switched off on this server: every account is active with unlimited tokens, so there is nothing to buy.';
