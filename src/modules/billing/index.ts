import type { Router } from '@koa/router';
import type { DependencyContainer } from 'tsyringe';
import { BILLING_SETTINGS, type BillingSettings } from './application/billing-settings.js';
import { localCheckoutRoutes } from './http/local-checkout.routes.js';
import { stripeRoutes } from './http/stripe.routes.js';
import { stripeWebhookRoutes } from './http/stripe-webhook.routes.js';
import { subscriptionRoutes } from './http/subscription.routes.js';
import type { StripeEventSource } from './infra/stripe/stripe-events.js';

/** Asked by the mail pipeline before it reserves tokens: `isActive(userId)`. */
export { SubscriptionAccess } from './application/subscription-access.use-case.js';
export { keepWebhookBodiesRaw } from './http/raw-body.js';
export { BILLING_SETTINGS, type BillingSettings } from './application/billing-settings.js';
export { PLAN_TYPES, PRICE_TYPES, type PlanType, type PriceType } from './domain/price.js';

/** Registered by the composition root only when BILLING=stripe. */
export const STRIPE_EVENT_SOURCE = Symbol('StripeEventSource');

/**
 * The billing module's HTTP surface: /api/subscription/*, /api/stripe/*, and either the local test
 * checkout (BILLING=local) or Stripe's webhook (BILLING=stripe).
 */
export function billingRouters(c: DependencyContainer): Router[] {
  const settings = c.resolve<BillingSettings>(BILLING_SETTINGS);
  const routers: Router[] = [subscriptionRoutes(c), stripeRoutes(c)];
  if (settings.mode === 'local') routers.push(localCheckoutRoutes(c));
  if (settings.mode === 'stripe') routers.push(stripeWebhookRoutes(c, c.resolve<StripeEventSource>(STRIPE_EVENT_SOURCE)));
  return routers;
}
