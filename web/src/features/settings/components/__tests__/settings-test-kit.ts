// Builders and helpers for the settings page's tests: the fake API stands in for the network.
import { screen } from '@testing-library/react';
import { anActiveSubscription, installFakeApi, type FakeApi, type RecordedCall } from '@/test/fake-api';
import { makeJwt } from '@/test/jwt';
import { recordRequestBodies, type RequestBodies } from '@/test/request-bodies';
import { renderApp, storeToken } from '@/test/render-app';
import type { PaymentMethod } from '../../api/types';

type Reply = { status: number; body?: unknown };
type Handler = Reply | ((call: RecordedCall) => Reply | Promise<Reply>);

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

export type SettingsFakeApi = FakeApi & RequestBodies;

export function installSettingsApi(routes: Record<string, Handler> = {}): SettingsFakeApi {
  const api = installFakeApi({
    'GET /api/subscription/payment-methods': { status: 200, body: [aPaymentMethod()] },
    ...routes,
  });
  return { ...api, ...recordRequestBodies() };
}

/** Opens the settings page (signed in) and waits for the subscription section. */
export async function openSettings(routes: Record<string, Handler> = {}, url = '/dashboard/settings') {
  const api = installSettingsApi(routes);
  storeToken(makeJwt());
  const view = renderApp(url);
  await screen.findByRole('region', { name: 'Subscription' });
  return { ...view, api };
}
