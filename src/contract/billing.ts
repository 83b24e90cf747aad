// Prices, checkouts, the billing email and the Stripe webhook (docs/api.md § Prices, checkouts and the
// billing email, § Stripe webhook).
import { z } from 'zod/mini';
import { OkResponse } from './common.js';
import { routeTable } from './route.js';

/** The two monthly plans. */
export const PLAN_TYPES = ['monthlyBasic', 'monthlyPro'] as const;
export const PlanType = z.enum(PLAN_TYPES, { error: 'must be monthlyBasic or monthlyPro' });
export type PlanType = z.infer<typeof PlanType>;

/** The price types: the two monthly plans and one extra token. */
export const PRICE_TYPES = [...PLAN_TYPES, 'singleToken'] as const;
export const PriceType = z.enum(PRICE_TYPES);
export type PriceType = z.infer<typeof PriceType>;

/** The most tokens one checkout buys. */
export const MAX_TOKEN_PURCHASE = 1_000_000;

/** GET /api/stripe/price/{type} (an unknown type answers 404 BILLING.PRICE_NOT_FOUND). */
export const PriceParams = z.object({ type: PriceType });

/** GET /api/stripe/price/{type} and the items of GET /api/stripe/prices: `price` in dollars. */
export const Price = z.strictObject({
  priceType: PriceType,
  price: z.number().check(z.minimum(0)),
  /** A plan's tokens per month, or the tokens one unit gives. */
  tokens: z.int().check(z.minimum(0)),
});
export type Price = z.infer<typeof Price>;
export const PriceList = z.array(Price);

/** The answer of every call that opens a checkout: the browser goes to `url`. */
export const CheckoutResponse = z.strictObject({ url: z.string(), sessionId: z.string() });
export type CheckoutResponse = z.infer<typeof CheckoutResponse>;

/** A checkout id as the providers make them (`cs_…`, Stripe's and the local checkout's); another answers 404 BILLING.CHECKOUT_NOT_FOUND. */
export const CheckoutParams = z.object({ sessionId: z.string().check(z.regex(/^cs_[A-Za-z0-9_-]{1,255}$/)) });

/**
 * GET /api/stripe/checkout/{sessionId}: what a checkout of the signed-in user bought and where it stands,
 * for the payment success page. `status` is `completed` once the purchase is credited (at once with the
 * local checkout, when the provider's event arrives with Stripe); `balance` is the user's tokens now.
 */
export const CheckoutOutcome = z.strictObject({
  sessionId: z.string(),
  kind: z.enum(['subscription', 'tokens', 'card']),
  planType: z.nullable(PlanType),
  /** Tokens bought, or the plan's tokens a month; 0 for a card change. */
  tokens: z.int().check(z.minimum(0)),
  /** In dollars. */
  total: z.number().check(z.minimum(0)),
  status: z.enum(['open', 'completed', 'cancelled']),
  balance: z.strictObject({ subscriptionTokens: z.int(), additionalTokens: z.int(), unlimited: z.boolean() }),
});
export type CheckoutOutcome = z.infer<typeof CheckoutOutcome>;

/** POST /api/stripe/create-checkout-session-subscritpion. */
export const SubscriptionCheckoutRequest = z.object({ priceType: PlanType });
export type SubscriptionCheckoutRequest = z.infer<typeof SubscriptionCheckoutRequest>;

/** POST /api/stripe/create-custom-token-checkout: a whole number of tokens. */
export const TokenCheckoutRequest = z.object({
  tokenAmount: z
    .int({ error: (issue) => (typeof issue.input === 'number' ? 'must be a whole number of tokens' : 'must be a number') })
    .check(z.minimum(1, 'must be at least 1'), z.maximum(MAX_TOKEN_PURCHASE, `must be at most ${MAX_TOKEN_PURCHASE.toLocaleString('en-US')}`)),
});
export type TokenCheckoutRequest = z.infer<typeof TokenCheckoutRequest>;

/** The longest billing email (RFC 5321's limit for an address). */
export const MAX_BILLING_EMAIL_LENGTH = 254;

/** PUT /api/stripe/email: where receipts and invoices go. */
export const BillingEmailRequest = z.object({ email: z.pipe(z.string().check(z.trim(), z.maxLength(MAX_BILLING_EMAIL_LENGTH)), z.email('must be an email address')) });
export type BillingEmailRequest = z.infer<typeof BillingEmailRequest>;

/** POST /webhooks/stripe. */
export const StripeWebhookResponse = z.strictObject({ received: z.literal(true), outcome: z.enum(['applied', 'duplicate', 'ignored']) });
export type StripeWebhookResponse = z.infer<typeof StripeWebhookResponse>;

export const billingRoutes = routeTable({
  prices: { method: 'GET', path: '/api/stripe/prices', auth: 'public', summary: 'Every price.', status: 200, answer: PriceList },
  price: { method: 'GET', path: '/api/stripe/price/:type', auth: 'public', summary: 'One price.', params: PriceParams, status: 200, answer: Price },
  subscriptionCheckout: {
    method: 'POST',
    path: '/api/stripe/create-checkout-session-subscritpion',
    aliases: ['/api/stripe/create-checkout-session-subscription'],
    auth: 'bearer',
    summary: 'Opens a checkout for a plan (the historical spelling; the correct one is accepted too).',
    body: SubscriptionCheckoutRequest,
    status: 200,
    answer: CheckoutResponse,
  },
  tokenCheckout: { method: 'POST', path: '/api/stripe/create-custom-token-checkout', auth: 'bearer', summary: 'Opens a checkout for extra tokens.', body: TokenCheckoutRequest, status: 200, answer: CheckoutResponse },
  checkoutOutcome: { method: 'GET', path: '/api/stripe/checkout/:sessionId', auth: 'bearer', summary: 'What a checkout bought and where it stands.', params: CheckoutParams, status: 200, answer: CheckoutOutcome },
  billingEmail: { method: 'PUT', path: '/api/stripe/email', auth: 'bearer', summary: 'Where receipts and invoices go.', body: BillingEmailRequest, status: 200, answer: OkResponse },
});

export const stripeWebhookRoutes = routeTable({
  stripeWebhook: { method: 'POST', path: '/webhooks/stripe', auth: 'public', summary: 'Stripe\'s events, signed (`Stripe-Signature`); the raw body is checked, then applied once.', status: 200, answer: StripeWebhookResponse },
});
