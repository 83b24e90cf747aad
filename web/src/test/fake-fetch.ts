// The one fake of the server's /api for web tests. It stands in for the network (global fetch), so the
// real API client, session policy and query cache run unchanged, and it records every request (method,
// path, query, bearer and JSON body) for the test to check.
import { vi } from 'vitest';

export type RecordedRequest = {
  method: string;
  path: string;
  /** The query string's parameters (the last value of a repeated name). */
  query: Record<string, string>;
  authorization: string | null;
  /** The parsed JSON body; undefined when the request had none. */
  body: unknown;
};

/** `headers` are sent as given, after the JSON content type (e.g. a Content-Disposition). */
export type Reply = { status: number; body?: unknown; headers?: Record<string, string> };

/** Answers a request. Throwing (or rejecting) makes fetch fail as when the network is down. */
export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

export type Route = Handler | Reply;

export type FakeFetch = {
  /** Every request, in order. */
  calls: RecordedRequest[];
  /** Replaces the answer for "METHOD /api/path". */
  on: (route: string, handler: Route) => void;
  callsTo: (route: string) => RecordedRequest[];
  /** The JSON bodies sent to "METHOD /api/path", in order. */
  bodiesOf: (route: string) => unknown[];
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
  heldMails: 0,
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
  billingDisabled: false,
};

export const unauthenticated: Reply = {
  status: 401,
  body: { error: { code: 'AUTH.UNAUTHENTICATED', message: 'Sign in again.' } },
};

/** A handler whose request never reaches the server: fetch rejects as it does offline. */
export function networkFailure(message = 'Network connection lost.'): Handler {
  return () => {
    throw new TypeError(message);
  };
}

/** An answer the test releases when it chooses, to look at the screen while a call runs. */
export function heldReply() {
  let release: (reply: Reply) => void = () => {};
  const reply = new Promise<Reply>((resolve) => {
    release = resolve;
  });
  return { handler: () => reply, release: (value: Reply) => release(value) };
}

async function record(request: Request): Promise<RecordedRequest> {
  const url = new URL(request.url);
  const text = await request.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    body = text;
  }
  return {
    method: request.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    authorization: request.headers.get('authorization'),
    body,
  };
}

/** Installs the fake. By default /api/status answers 200 with `aUser`, /api/tokens/state with `aTokenState`
 * and /api/subscription/status with `anActiveSubscription`; any other route answers 404. */
export function installFakeFetch(routes: Record<string, Route> = {}): FakeFetch {
  const handlers = new Map<string, Handler>();
  const calls: RecordedRequest[] = [];
  const on = (route: string, handler: Route) => {
    handlers.set(route, typeof handler === 'function' ? handler : () => handler);
  };
  on('GET /api/status', { status: 200, body: { user: aUser } });
  on('GET /api/tokens/state', { status: 200, body: { tokenState: aTokenState } });
  on('GET /api/subscription/status', { status: 200, body: anActiveSubscription });
  for (const [route, handler] of Object.entries(routes)) on(route, handler);

  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = await record(new Request(input, init));
    calls.push(call);
    const handler = handlers.get(`${call.method} ${call.path}`);
    const reply = handler ? await handler(call) : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } };
    const hasBody = reply.body !== undefined && reply.status !== 204;
    return new Response(hasBody ? JSON.stringify(reply.body) : null, {
      status: reply.status,
      headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...reply.headers },
    });
  });

  const callsTo = (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route);
  return { calls, on, callsTo, bodiesOf: (route) => callsTo(route).map((call) => call.body) };
}
