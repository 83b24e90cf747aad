// The one fake of the server's /api for web tests. It stands in for the network (global fetch), so the
// real API client, session policy and query cache run unchanged, and it records every request (method,
// path, query, bearer and JSON body) for the test to check.
import { vi } from 'vitest';
import type { Price } from '@/lib/prices';
import { ACCOUNT_DELETION_KEPT, retentionPeriods, retentionSentences } from '../../../src/shared/retention-policy';
import { documentsAnswer } from './documents-answer';

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

/** The install the screens see by default (GET /api/public-config): local billing, no links. */
export const anInstall = {
  supportEmail: 'help@mailscribe.example',
  socialUrl: null as string | null,
  videoUrl: null as string | null,
  billing: 'local',
  inboundDomain: 'in.mailscribe.example',
};

export const basicPlan: Price = { priceType: 'monthlyBasic', price: 9, tokens: 500 };
export const proPlan: Price = { priceType: 'monthlyPro', price: 29, tokens: 2000 };
export const singleToken: Price = { priceType: 'singleToken', price: 0.02, tokens: 1 };

/** Every switch on, and an install that sends mail: GET /api/notification-settings for a new user. */
export const defaultNotificationSettings = {
  settings: { lowBalance: true, heldMail: true, refusedSender: true, failedMail: true, documentContinued: true },
  delivering: true,
};

/** What GET /api/retention-policy answers for an installation with these settings (the server's own rules). */
export function retentionPolicy(settings = { HOLD_DAYS: 30, MAIL_LOG_DAYS: 365 }): Reply {
  const periods = retentionPeriods(settings);
  return { status: 200, body: { periods, sentences: retentionSentences(periods), accountDeletionKept: [...ACCOUNT_DELETION_KEPT] } };
}

const emptyPage: Reply = { status: 200, body: { data: [], total: 0 } };

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

const unhandled: string[] = [];

/** The requests since the last call that no route of the fake answered (each answered 404). */
export function takeUnhandledRequests(): string[] {
  return unhandled.splice(0);
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

const notFound: Reply = { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } };

/**
 * What the fake answers unless a test says otherwise: the server's answers for a signed-in user with an
 * active subscription and an empty account on an install with local billing. No documents, no saved
 * card, no usage, every notification on, and no live-update stream (404: the app polls instead).
 */
export const DEFAULT_ROUTES: Readonly<Record<string, Route>> = {
  'GET /api/status': { status: 200, body: { user: aUser } },
  'GET /api/tokens/state': { status: 200, body: { tokenState: aTokenState } },
  'GET /api/subscription/status': { status: 200, body: anActiveSubscription },
  'GET /api/public-config': { status: 200, body: anInstall },
  'GET /api/retention-policy': retentionPolicy(),
  'GET /api/stripe/prices': { status: 200, body: [basicPlan, proPlan, singleToken] },
  'GET /api/stripe/price/singleToken': { status: 200, body: singleToken },
  'GET /api/google-docs': documentsAnswer([]),
  'GET /api/subscription/payment-methods': { status: 200, body: [] },
  'GET /api/notification-settings': { status: 200, body: defaultNotificationSettings },
  'GET /api/tokens/usage/chart': { status: 200, body: { usage: [] } },
  'GET /api/tokens/usage/table': emptyPage,
  'GET /api/tokens/added/table': emptyPage,
  'GET /api/events': notFound,
};

/**
 * Installs the fake: `DEFAULT_ROUTES`, with `routes` replacing or adding answers. Any other request
 * answers 404 and fails the test (src/test/setup.ts): a screen that calls a route its test did not
 * expect is a finding, not noise in the output.
 */
export function installFakeFetch(routes: Record<string, Route> = {}): FakeFetch {
  const handlers = new Map<string, Handler>();
  const calls: RecordedRequest[] = [];
  const on = (route: string, handler: Route) => {
    handlers.set(route, typeof handler === 'function' ? handler : () => handler);
  };
  for (const [route, handler] of Object.entries({ ...DEFAULT_ROUTES, ...routes })) on(route, handler);

  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    // Looked up before the first await: a request a test makes is counted in that test, even at its very end.
    const route = `${request.method} ${new URL(request.url).pathname}`;
    const handler = handlers.get(route);
    if (!handler) unhandled.push(route);
    const call = await record(request);
    calls.push(call);
    const reply = handler ? await handler(call) : notFound;
    const hasBody = reply.body !== undefined && reply.status !== 204;
    return new Response(hasBody ? JSON.stringify(reply.body) : null, {
      status: reply.status,
      headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...reply.headers },
    });
  });

  const callsTo = (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route);
  return { calls, on, callsTo, bodiesOf: (route) => callsTo(route).map((call) => call.body) };
}
