import { expect } from 'vitest';
import type { PaymentMethod, SubscriptionStatus } from '../../../src/contract/subscription.js';
import type { TestApp } from '../test-app.js';

/** The billing calls as the web app makes them. */
/** The status of a user who never subscribed, with billing on: no plan, no tokens, nothing to end. */
export const NEVER_SUBSCRIBED: SubscriptionStatus = {
  isActive: false,
  subscriptionStatus: 'none',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: null,
  monthlyPrice: null,
  paymentEmail: null,
  subscriptionTokens: 0,
  maxSubscriptionTokens: 0,
  additionalTokens: 0,
  planType: null,
  billingDisabled: false,
};

export function billingClient(app: TestApp, token: string) {
  const json = async <T>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  return {
    status: async () => json<SubscriptionStatus>(await app.fetch('/api/subscription/status', { token })),
    subscribe: (priceType: string, headers?: Record<string, string>) =>
      app.fetch('/api/stripe/create-checkout-session-subscritpion', { method: 'POST', token, json: { priceType }, ...(headers ? { headers } : {}) }),
    buyTokens: (tokenAmount: unknown) => app.fetch('/api/stripe/create-custom-token-checkout', { method: 'POST', token, json: { tokenAmount } }),
    setupCard: () => app.fetch('/api/subscription/setup-payment-method', { method: 'POST', token }),
    cancel: () => app.fetch('/api/subscription/cancel', { method: 'POST', token }),
    reactivate: () => app.fetch('/api/subscription/reactivate', { method: 'POST', token }),
    paymentMethods: async () => json<PaymentMethod[]>(await app.fetch('/api/subscription/payment-methods', { token })),
    previewPlanChange: (planType: string) => app.fetch(`/api/subscription/plan-change?planType=${encodeURIComponent(planType)}`, { token }),
    changePlan: (body: Record<string, unknown>) => app.fetch('/api/subscription/change-plan', { method: 'POST', token, json: body }),
    setEmail: (email: string) => app.fetch('/api/stripe/email', { method: 'PUT', token, json: { email } }),
    json,
  };
}

/** The checkout's url as a path on the test app (PUBLIC_URL differs from the listening address). */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}
