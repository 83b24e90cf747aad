/**
 * A local stand-in for the part of Stripe's REST API (v1) the StripePaymentGateway uses, close enough
 * for the real `stripe` SDK: form-encoded bodies with indexed brackets, JSON answers, Stripe's error
 * shape (`{ error: { type, message, code } }`), bearer-key auth, and `Idempotency-Key` replay (the
 * same key answers the first answer again, with `Idempotent-Replayed: true`; with other parameters it
 * answers 400 idempotency_error).
 *   GET /v1/prices (lookup_keys, active) · POST /v1/customers · POST /v1/customers/{id}
 *   GET /v1/customers/{id}/payment_methods · POST /v1/checkout/sessions
 *   GET|POST /v1/subscriptions/{id} (price changes with proration, `expand[]=latest_invoice`)
 *   DELETE /v1/subscriptions/{id} (cancels now: no final invoice, no proration)
 *   POST /v1/invoices/create_preview · GET /v1/setup_intents/{id}
 * The objects and the scenario helpers (pay a checkout, renew, decline, end) live in FakeStripeState.
 *
 *   const stripe = await startFakeStripe();
 *   stripe.seedDefaultPrices();
 *   // new Stripe(stripe.secretKey, stripe.clientOptions), or STRIPE_API_URL=stripe.url for the app
 *   const { subscription, invoice } = stripe.completeCheckout(sessionId);
 *   await stripe.close();
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeStripeState, newId, StripeFailure, type Json } from '../billing/fake-stripe.state.js';

export type { Json } from '../billing/fake-stripe.state.js';

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  replayed: boolean;
  status: number;
  body: Json;
}

/** `a[b][0][c]=v` → { a: { b: [ { c: 'v' } ] } }, as Stripe reads the SDK's encoding. */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/]/g, '').split('[');
    let node = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  return arraysIn(root) as Json;
}

function arraysIn(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Json).map(([key, inner]) => [key, arraysIn(inner)] as const);
  const indexed = entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key));
  return indexed ? entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, inner]) => inner) : Object.fromEntries(entries);
}

type Route = { method: string; pattern: RegExp; handle: (params: string[], body: Json, query: Json) => unknown };

function routesOf(state: FakeStripeState): Route[] {
  return [
    { method: 'GET', pattern: /^\/v1\/prices$/, handle: (_p, _b, query) => state.listPrices(query) },
    { method: 'POST', pattern: /^\/v1\/customers$/, handle: (_p, body) => state.createCustomer(body) },
    { method: 'POST', pattern: /^\/v1\/customers\/([^/]+)$/, handle: ([id = ''], body) => state.updateCustomer(id, body) },
    { method: 'GET', pattern: /^\/v1\/customers\/([^/]+)\/payment_methods$/, handle: ([id = '']) => state.listPaymentMethods(id) },
    { method: 'POST', pattern: /^\/v1\/checkout\/sessions$/, handle: (_p, body) => state.createSession(body) },
    { method: 'GET', pattern: /^\/v1\/subscriptions\/([^/]+)$/, handle: ([id = '']) => state.get(state.subscriptions, 'subscription', id) },
    { method: 'POST', pattern: /^\/v1\/subscriptions\/([^/]+)$/, handle: ([id = ''], body) => state.updateSubscription(id, body) },
    { method: 'DELETE', pattern: /^\/v1\/subscriptions\/([^/]+)$/, handle: ([id = '']) => state.cancelSubscription(id) },
    { method: 'POST', pattern: /^\/v1\/invoices\/create_preview$/, handle: (_p, body) => state.previewInvoice(body) },
    { method: 'GET', pattern: /^\/v1\/setup_intents\/([^/]+)$/, handle: ([id = '']) => state.get(state.setupIntents, 'setup_intent', id) },
  ];
}

export async function startFakeStripe(options: { now?: () => number } = {}) {
  const secretKey = 'sk_test_fake_0123456789';
  const webhookSecret = 'whsec_fake_0123456789abcdef';
  const state = new FakeStripeState(() => Math.floor((options.now?.() ?? Date.now()) / 1000));
  const routes = routesOf(state);
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const failures: { method: string; path: RegExp | string; status: number; times: number }[] = [];
  const requests: RecordedRequest[] = [];
  const matches = (path: string, pattern: RegExp | string) => (typeof pattern === 'string' ? path.includes(pattern) : pattern.test(path));

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://stripe.invalid');
    const method = req.method ?? 'GET';
    const body = parseStripeForm(Buffer.concat(chunks).toString('utf8'));
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    const answer = (status: number, json: unknown, replayed = false) => {
      requests.push({ method, path: url.pathname, idempotencyKey: key, replayed, status, body });
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': newId('req'),
        ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
        // Injected outages are not retried by the SDK, so a test sees exactly the failures it asked for.
        ...(status >= 500 ? { 'stripe-should-retry': 'false' } : {}),
      });
      res.end(JSON.stringify(json));
    };

    if (req.headers.authorization !== `Bearer ${secretKey}`) return answer(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    const fingerprint = `${method} ${url.pathname} ${JSON.stringify(body)}`;
    const previous = method === 'POST' && key ? idempotent.get(key) : undefined;
    if (previous) {
      if (previous.fingerprint === fingerprint) return answer(previous.status, previous.body, true);
      return answer(400, {
        error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.` },
      });
    }
    const failure = failures.find((rule) => rule.times > 0 && rule.method === method && matches(url.pathname, rule.path));
    if (failure) {
      failure.times -= 1;
      return answer(failure.status, { error: { type: failure.status === 429 ? 'rate_limit_error' : 'api_error', message: `Injected failure ${failure.status}` } });
    }

    let status = 200;
    let json: unknown;
    try {
      const route = routes.find((candidate) => candidate.method === method && candidate.pattern.test(url.pathname));
      if (!route) throw new StripeFailure(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${url.pathname}).`);
      json = route.handle((route.pattern.exec(url.pathname) ?? []).slice(1), body, parseStripeForm(url.search.slice(1)));
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      status = error.status;
      json = { error: { type: error.type, message: error.message, ...(error.code ? { code: error.code } : {}) } };
    }
    // Stripe keeps the answer to a keyed POST, errors included, for 24 hours.
    if (method === 'POST' && key) idempotent.set(key, { fingerprint, status, body: json });
    answer(status, json);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    /** For `new Stripe(secretKey, clientOptions)`; no retries, so tests see each failure. */
    clientOptions: { host: '127.0.0.1', port, protocol: 'http' as const, maxNetworkRetries: 0 },
    prices: state.prices,
    customers: state.customers,
    sessions: state.sessions,
    subscriptions: state.subscriptions,
    invoices: state.invoices,
    requests,
    seedPrice: state.seedPrice.bind(state),
    seedDefaultPrices: state.seedDefaultPrices.bind(state),
    completeCheckout: state.completeCheckout.bind(state),
    /** Stripe bills the next month and the payment goes through. */
    renew: (subscriptionId: string) => state.renew(subscriptionId, true),
    /** Stripe bills the next month and the card is declined: the subscription goes past due. */
    failRenewal: (subscriptionId: string) => state.renew(subscriptionId, false),
    endSubscription: state.endSubscription.bind(state),
    /** The card is declined for the next upgrade's invoice. */
    declineNextPlanChange: state.declineNextPlanChange.bind(state),
    addCard: state.addCard.bind(state),
    event: state.event.bind(state),
    /** The next `times` requests matching method and path (a substring or a RegExp) answer `status`. */
    failNext(method: string, path: RegExp | string, status: number, times = 1) {
      failures.push({ method, path, status, times });
    },
    count: (method: string, path: RegExp | string) => requests.filter((request) => request.method === method && matches(request.path, path)).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
