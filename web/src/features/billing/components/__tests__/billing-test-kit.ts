// Builders and helpers for the billing screens' tests: the fake API stands in for the network.
import { installFakeFetch, anActiveSubscription, type FakeFetch, type Reply, type Route } from '@/test/fake-fetch';
import { makeJwt } from '@/test/jwt';
import { renderApp, storeToken } from '@/test/render-app';
import type { Price } from '@/lib/prices';
import { documentsAnswer } from '@/test/documents-answer';

export const basicPlan: Price = { priceType: 'monthlyBasic', price: 9.99, tokens: 1000 };
export const proPlan: Price = { priceType: 'monthlyPro', price: 29, tokens: 5000 };
export const singleToken: Price = { priceType: 'singleToken', price: 0.01, tokens: 1 };

/** A GET /api/subscription/status answer: active by default. */
export function aSubscription(overrides: Record<string, unknown> = {}) {
  return { ...anActiveSubscription, ...overrides };
}

export const inactiveSubscription = aSubscription({
  isActive: false,
  subscriptionStatus: 'none',
  currentPeriodEnd: null,
  monthlyPrice: null,
  planType: null,
});

export function serverError(status: number, message?: string): Reply {
  return { status, body: { error: { code: status === 409 ? 'CONFLICT' : 'INTERNAL', message: message ?? 'Something went wrong.' } } };
}

/** The fake API with the prices on it. */
export function installBillingApi(routes: Record<string, Route> = {}): FakeFetch {
  return installFakeFetch({
    'GET /api/stripe/prices': { status: 200, body: [singleToken, proPlan, basicPlan] },
    'GET /api/stripe/price/singleToken': { status: 200, body: singleToken },
    'GET /api/google-docs': documentsAnswer(),
    ...routes,
  });
}

export function renderSignedIn(url: string, options: Parameters<typeof renderApp>[1] = {}) {
  storeToken(makeJwt());
  return renderApp(url, options);
}
