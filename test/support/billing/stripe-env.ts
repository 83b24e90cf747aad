import type { FakeStripe } from '../fakes/fake-stripe.server.js';

/** The app's environment for billing through the fake Stripe server. */
export const stripeEnv = (stripe: FakeStripe): Record<string, string> => ({
  BILLING: 'stripe',
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  STRIPE_API_URL: stripe.url,
});
