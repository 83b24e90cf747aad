import { afterAll, beforeAll } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../fakes/fake-stripe.server.js';
import { late } from '../late.js';
import type { DatabaseKind } from '../test-database.js';
import { useTestApp, type UsedTestApp } from '../use-test-app.js';
import { stripeEnv } from './stripe-env.js';
import { webhookSender } from './stripe-webhooks.js';

export interface UsedStripeApp extends UsedTestApp {
  /** The fake Stripe server, with the default prices. */
  stripe: FakeStripe;
  /** Sends signed Stripe events to the app. */
  webhooks: ReturnType<typeof webhookSender>;
}

/**
 * For a `describe` block: the app billing through a fake Stripe server, its database emptied after each
 * test. The fake starts before the app and closes after it; it keeps its objects across tests.
 */
export function useStripeApp(kind: DatabaseKind, fake: Parameters<typeof startFakeStripe>[0] = {}): UsedStripeApp {
  let stripe: FakeStripe | null = null;
  let webhooks: ReturnType<typeof webhookSender> | null = null;
  const started = <T>(value: T | null, what: string): T => {
    if (value === null) throw new Error(`useStripeApp: ${what} is used before its beforeAll ran`);
    return value;
  };
  // Registered before the app's hooks: the fake starts first and closes last.
  beforeAll(async () => {
    stripe = await startFakeStripe(fake);
    stripe.seedDefaultPrices();
  });
  afterAll(() => stripe?.close());
  const { app, database } = useTestApp(kind, () => ({ env: stripeEnv(started(stripe, 'the fake Stripe')), resetAfterEach: true }));
  beforeAll(() => {
    webhooks = webhookSender(app, started(stripe, 'the fake Stripe'));
  });
  return { app, database, stripe: late(() => started(stripe, 'the fake Stripe')), webhooks: late(() => started(webhooks, 'the webhook sender')) };
}
