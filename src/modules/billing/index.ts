export { billingModule } from './billing.module.js';
/** Asked by the mail pipeline before it reserves tokens: `isActive(userId)`. */
export { SubscriptionAccess } from './application/subscription-access.use-case.js';
export { BILLING_SETTINGS, type BillingSettings } from './application/billing-settings.js';
export { PLAN_TYPES, PRICE_TYPES, type PlanType, type PriceType } from './domain/price.js';
// Account export and deletion: the subscription state, its cancellation at the provider, the records kept.
export { CloseBillingAccount } from './application/close-billing-account.use-case.js';
export type { SubscriptionStatusView } from './application/get-subscription-status.use-case.js';
