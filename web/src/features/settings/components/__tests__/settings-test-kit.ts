// Builders and helpers for the settings page's tests: the fake API stands in for the network.
import { screen } from '@testing-library/react';
import { anActiveSubscription, installFakeFetch, type FakeFetch, type Reply, type Route } from '@/test/fake-fetch';
import { makeJwt } from '@/test/jwt';
import { renderApp, storeToken } from '@/test/render-app';
import type { PaymentMethod } from '../../api/types';

/** A GET /api/subscription/status answer: active by default. */
export function aSubscription(overrides: Record<string, unknown> = {}) {
  return { ...anActiveSubscription, ...overrides };
}

export function aPaymentMethod(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return { brand: 'visa', last4: '4242', expiryMonth: 4, expiryYear: 2027, ...overrides };
}

export function serverError(status: number): Reply {
  return { status, body: { error: { code: status === 409 ? 'CONFLICT' : 'INTERNAL', message: 'Something went wrong.' } } };
}

export function installSettingsApi(routes: Record<string, Route> = {}): FakeFetch {
  return installFakeFetch({
    'GET /api/subscription/payment-methods': { status: 200, body: [aPaymentMethod()] },
    'GET /api/notification-settings': { status: 200, body: { settings: { lowBalance: true, heldMail: true, refusedSender: true, failedMail: true, documentContinued: true }, delivering: true } },
    ...routes,
  });
}

/** Opens the settings page (signed in) and waits for the subscription section. */
export async function openSettings(routes: Record<string, Route> = {}, url = '/dashboard/settings') {
  const api = installSettingsApi(routes);
  storeToken(makeJwt());
  const view = renderApp(url);
  await screen.findByRole('region', { name: 'Subscription' });
  return { ...view, api };
}
