import { randomUUID } from 'node:crypto';
import type { DependencyContainer } from 'tsyringe';
import { LocalCheckout } from '../../../src/modules/billing/application/local-checkout.use-case.js';
import { StartSubscriptionCheckout } from '../../../src/modules/billing/application/start-subscription-checkout.use-case.js';

/** Subscribes through the local test checkout, as a user pressing Pay would (Basic: 500 tokens a month). */
export async function activateLocalSubscription(c: DependencyContainer, userId: string, email = 'owner@example.com'): Promise<void> {
  const { sessionId } = await c.resolve(StartSubscriptionCheckout).execute({ userId, email, nonce: randomUUID(), planType: 'monthlyBasic' });
  await c.resolve(LocalCheckout).pay(sessionId);
}
