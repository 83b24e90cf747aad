// A fake of the server's /api for component tests: it stands in for the network (global fetch),
// so the real API client and session policy run unchanged.
import { vi } from 'vitest';

export type RecordedCall = {
  method: string;
  path: string;
  /** The query string's parameters (the last value of a repeated name). */
  query: Record<string, string>;
  authorization: string | null;
};

type Reply = { status: number; body?: unknown };
type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

export type FakeApi = {
  calls: RecordedCall[];
  /** Replaces the answer for "METHOD /api/path". */
  on: (route: string, handler: Handler | Reply) => void;
  callsTo: (route: string) => RecordedCall[];
};

export const aUser = {
  id: 'user-1',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  picture: 'https://example.com/ada.png',
};

/** The balance the token panel shows by default (GET /api/tokens/state). */
export const aTokenState = {
  subscriptionTokens: 120,
  maxSubscriptionTokens: 500,
  additionalTokens: 40,
  unlimited: false,
};

/** An active subscription: what GET /api/subscription/status answers by default, so the dashboard's
 * subscription guard lets the pages through. */
export const anActiveSubscription = {
  isActive: true,
  subscriptionStatus: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: '2026-12-21T10:00:00.000Z',
  monthlyPrice: 19,
  paymentEmail: 'ada@example.com',
  subscriptionTokens: 120,
  maxSubscriptionTokens: 500,
  additionalTokens: 40,
  planType: 'monthlyPro',
};

export const unauthenticated: Reply = {
  status: 401,
  body: { error: { code: 'AUTH.UNAUTHENTICATED', message: 'Sign in again.' } },
};

/** Installs the fake. By default /api/status answers 200 with `aUser`, /api/tokens/state with `aTokenState`
 * and /api/subscription/status with `anActiveSubscription`. */
export function installFakeApi(routes: Record<string, Handler | Reply> = {}): FakeApi {
  const handlers = new Map<string, Handler>();
  const calls: RecordedCall[] = [];
  const on = (route: string, handler: Handler | Reply) => {
    handlers.set(route, typeof handler === 'function' ? handler : () => handler);
  };
  on('GET /api/status', { status: 200, body: { user: aUser } });
  on('GET /api/tokens/state', { status: 200, body: { tokenState: aTokenState } });
  on('GET /api/subscription/status', { status: 200, body: anActiveSubscription });
  for (const [route, handler] of Object.entries(routes)) on(route, handler);

  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const call: RecordedCall = {
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: request.headers.get('authorization'),
    };
    calls.push(call);
    const handler = handlers.get(`${call.method} ${call.path}`);
    const reply = handler ? await handler(call) : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } };
    const hasBody = reply.body !== undefined && reply.status !== 204;
    return new Response(hasBody ? JSON.stringify(reply.body) : null, {
      status: reply.status,
      headers: hasBody ? { 'content-type': 'application/json' } : {},
    });
  });

  return {
    calls,
    on,
    callsTo: (route) => calls.filter((call) => `${call.method} ${call.path}` === route),
  };
}
