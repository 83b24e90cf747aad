import type Stripe from 'stripe';
import type { AppConfig } from '../../platform/config/config.js';
import type { AppModule, ModuleContext } from '../../platform/wiring/app-module.js';
import { lazyPackage } from '../../platform/wiring/lazy-package.js';
import type { Clock } from '../../shared/clock.js';
import { Authenticate } from '../identity/index.js';
import { ApplyBillingEvent } from './application/apply-billing-event.use-case.js';
import { BILLING_SETTINGS, type BillingSettings } from './application/billing-settings.js';
import { ChangeCancellation } from './application/change-cancellation.use-case.js';
import { ChangePlan } from './application/change-plan.use-case.js';
import { GetPrices } from './application/get-prices.use-case.js';
import { GetSubscriptionStatus } from './application/get-subscription-status.use-case.js';
import { LocalCheckout } from './application/local-checkout.use-case.js';
import { PaymentMethods } from './application/payment-methods.use-case.js';
import { PreviewPlanChange } from './application/preview-plan-change.use-case.js';
import { CHECKOUT_SESSION_REPOSITORY } from './application/ports/checkout-session.repository.port.js';
import { CUSTOMER_REPOSITORY } from './application/ports/customer.repository.port.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from './application/ports/payment-gateway.port.js';
import { PROCESSED_EVENT_STORE } from './application/ports/processed-event.store.port.js';
import { SUBSCRIPTION_REPOSITORY } from './application/ports/subscription.repository.port.js';
import { StartCardSetup } from './application/start-card-setup.use-case.js';
import { StartSubscriptionCheckout } from './application/start-subscription-checkout.use-case.js';
import { StartTokenCheckout } from './application/start-token-checkout.use-case.js';
import { GetCheckoutOutcome } from './application/get-checkout-outcome.use-case.js';
import { dollarsToCents } from './domain/price.js';
import { localCheckoutRoutes } from './http/local-checkout.routes.js';
import { STRIPE_WEBHOOK_PATH } from './http/raw-body.js';
import { stripeWebhookRoutes } from './http/stripe-webhook.routes.js';
import { stripeRoutes } from './http/stripe.routes.js';
import { subscriptionRoutes } from './http/subscription.routes.js';
import { DisabledPaymentGateway } from './infra/disabled.payment-gateway.js';
import { KnexBillingAccountRecords } from './infra/knex.billing-account.records.js';
import { BILLING_ACCOUNT_RECORDS } from './application/ports/billing-account.records.port.js';
import { KnexCheckoutSessionRepository } from './infra/knex.checkout-session.repository.js';
import { KnexCustomerRepository } from './infra/knex.customer.repository.js';
import { KnexProcessedEventStore } from './infra/knex.processed-event.store.js';
import { KnexSubscriptionRepository } from './infra/knex.subscription.repository.js';
import { LocalPaymentGateway } from './infra/local.payment-gateway.js';
import { StripeEventSource } from './infra/stripe/stripe-events.js';
import { StripePaymentGateway } from './infra/stripe/stripe.payment-gateway.js';

/**
 * Plans, prices, subscriptions and checkouts. `BILLING` picks the gateway: Stripe (and its signed
 * webhook, whose body stays raw), the local test-mode checkout (and its pages), or none at all.
 */
export function billingModule({ container: c, config, db, logger, clock }: ModuleContext): AppModule {
  c.register(BILLING_SETTINGS, { useValue: { mode: config.BILLING, publicUrl: config.PUBLIC_URL } satisfies BillingSettings });
  c.register(CUSTOMER_REPOSITORY, { useValue: new KnexCustomerRepository(db) });
  c.register(SUBSCRIPTION_REPOSITORY, { useValue: new KnexSubscriptionRepository(db) });
  c.register(CHECKOUT_SESSION_REPOSITORY, { useValue: new KnexCheckoutSessionRepository(db) });
  c.register(BILLING_ACCOUNT_RECORDS, { useValue: new KnexBillingAccountRecords() });
  c.register(PROCESSED_EVENT_STORE, { useValue: new KnexProcessedEventStore(db) });
  const stripe = config.BILLING === 'stripe' ? stripeClient(config) : null;
  c.register(PAYMENT_GATEWAY, { useValue: stripe ? new StripePaymentGateway(stripe) : paymentGatewayFor(config, clock) });
  // Config validation guarantees the webhook secret when BILLING=stripe.
  const events = stripe ? new StripeEventSource(stripe, config.STRIPE_WEBHOOK_SECRET ?? '') : null;

  return {
    name: 'billing',
    http: {
      routers: () => {
        const authenticate = c.resolve(Authenticate);
        const paymentMethods = c.resolve(PaymentMethods);
        return [
          subscriptionRoutes({
            authenticate,
            clock,
            status: c.resolve(GetSubscriptionStatus),
            cancellation: c.resolve(ChangeCancellation),
            previewPlanChange: c.resolve(PreviewPlanChange),
            changePlan: c.resolve(ChangePlan),
            paymentMethods,
            cardSetup: c.resolve(StartCardSetup),
          }),
          stripeRoutes({
            authenticate,
            clock,
            prices: c.resolve(GetPrices),
            paymentMethods,
            subscriptionCheckout: c.resolve(StartSubscriptionCheckout),
            tokenCheckout: c.resolve(StartTokenCheckout),
            checkoutOutcome: c.resolve(GetCheckoutOutcome),
          }),
          ...(config.BILLING === 'local' ? [localCheckoutRoutes(c.resolve(LocalCheckout))] : []),
          ...(events ? [stripeWebhookRoutes({ source: events, apply: c.resolve(ApplyBillingEvent), logger })] : []),
        ];
      },
      rawBodyPaths: events ? [STRIPE_WEBHOOK_PATH] : [],
    },
  };
}

const stripeSdk = lazyPackage<typeof Stripe>('stripe');

function stripeClient(config: AppConfig): Stripe {
  // STRIPE_API_URL points the SDK elsewhere (a local fake); Stripe's API by default.
  const endpoint = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
  const StripeClient = stripeSdk();
  return new StripeClient(config.STRIPE_SECRET_KEY ?? '', {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(endpoint
      ? { host: endpoint.hostname, port: endpoint.port || (endpoint.protocol === 'https:' ? 443 : 80), protocol: endpoint.protocol === 'https:' ? ('https' as const) : ('http' as const) }
      : {}),
  });
}

function paymentGatewayFor(config: AppConfig, clock: Clock): PaymentGateway {
  if (config.BILLING === 'off') return new DisabledPaymentGateway();
  return new LocalPaymentGateway({
    publicUrl: config.PUBLIC_URL,
    now: () => clock.now(),
    prices: {
      basicCents: dollarsToCents(config.LOCAL_PRICE_BASIC_USD),
      basicTokens: config.LOCAL_PLAN_BASIC_TOKENS,
      proCents: dollarsToCents(config.LOCAL_PRICE_PRO_USD),
      proTokens: config.LOCAL_PLAN_PRO_TOKENS,
      tokenCents: dollarsToCents(config.LOCAL_PRICE_TOKEN_USD),
    },
  });
}
