// Prices, checkouts, the billing email and the Stripe webhook (docs/api.md § Prices, checkouts and the
// billing email, § Stripe webhook).

/** Spec §1: the two monthly plans. */
export type PlanType = 'monthlyBasic' | 'monthlyPro';

/** Spec §3 price types: the two monthly plans and one extra token. */
export type PriceType = PlanType | 'singleToken';

/** GET /api/stripe/price/{type} and the items of GET /api/stripe/prices: `price` in dollars. */
export type Price = {
  priceType: PriceType;
  price: number;
  /** A plan's tokens per month, or the tokens one unit gives. */
  tokens: number;
};

/** The answer of every call that opens a checkout: the browser goes to `url`. */
export type CheckoutResponse = { url: string; sessionId: string };

/**
 * GET /api/stripe/checkout/{sessionId}: what a checkout of the signed-in user bought and where it stands,
 * for the payment success page. `status` is `completed` once the purchase is credited (at once with the
 * local checkout, when the provider's event arrives with Stripe); `balance` is the user's tokens now.
 */
export type CheckoutOutcome = {
  sessionId: string;
  kind: 'subscription' | 'tokens' | 'card';
  planType: PlanType | null;
  /** Tokens bought, or the plan's tokens a month; 0 for a card change. */
  tokens: number;
  /** In dollars. */
  total: number;
  status: 'open' | 'completed' | 'cancelled';
  balance: { subscriptionTokens: number; additionalTokens: number; unlimited: boolean };
};

/** POST /api/stripe/create-checkout-session-subscritpion. */
export type SubscriptionCheckoutRequest = { priceType: PlanType };

/** POST /api/stripe/create-custom-token-checkout: a whole number of tokens. */
export type TokenCheckoutRequest = { tokenAmount: number };

/** PUT /api/stripe/email: where receipts and invoices go. */
export type BillingEmailRequest = { email: string };

/** POST /webhooks/stripe. */
export type StripeWebhookResponse = { received: true; outcome: 'applied' | 'duplicate' | 'ignored' };
