// @vitest-environment node
// The API client and the session policy together, against a real HTTP server on an ephemeral port.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HTTPError } from 'ky';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeJwt } from '@/test/jwt';
import { createApiClient, SKIP_SESSION_RECOVERY, type ApiClient } from '../api-client';
import { createSessionPolicy, type TokenAccess } from '../session-policy';

type Seen = { method: string; path: string; authorization: string | undefined; body: string };
type Route = (request: Seen, response: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let seen: Seen[];
let routes: Map<string, Route>;

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const unauthorized: Route = (_request, response) =>
  json(response, 401, { error: { code: 'AUTH.UNAUTHENTICATED', message: 'Sign in again.' } });

/** Accepts exactly one bearer, like the server accepts only the current session's token. */
function acceptsOnly(token: string, body: unknown): Route {
  return (request, response) =>
    request.authorization === `Bearer ${token}` ? json(response, 200, body) : unauthorized(request, response);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve(body));
  });
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const call: Seen = {
        method: request.method ?? 'GET',
        path: request.url ?? '/',
        authorization: request.headers.authorization,
        body,
      };
      seen.push(call);
      const route = routes.get(`${call.method} ${call.path}`);
      if (route) route(call, response);
      else json(response, 404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen = [];
  routes = new Map();
});

function memoryTokens(initial: string | null): TokenAccess & { current: () => string | null } {
  let token = initial;
  return {
    read: () => token,
    write: (next) => {
      token = next;
    },
    clear: () => {
      token = null;
    },
    current: () => token,
  };
}

function setUp(initialToken: string | null) {
  const tokens = memoryTokens(initialToken);
  const onUnauthorized = vi.fn();
  const client: ApiClient = createApiClient({ prefixUrl: `${baseUrl}/api` });
  const policy = createSessionPolicy({
    tokens,
    onUnauthorized,
    requestRefresh: async (token) => {
      const body = await client
        .post('refresh', { headers: { Authorization: `Bearer ${token}` }, context: SKIP_SESSION_RECOVERY })
        .json<{ token: string }>();
      return body.token;
    },
  });
  client.setSessionHooks(policy);
  return { client, tokens, onUnauthorized, policy };
}

const callsTo = (route: string) => seen.filter((call) => `${call.method} ${call.path}` === route);

describe('api client with the session policy', () => {
  it('attaches the stored token as a bearer on every request', async () => {
    const token = makeJwt();
    routes.set('GET /api/status', acceptsOnly(token, { user: { id: 'u1' } }));
    const { client } = setUp(token);

    await expect(client.get('status').json()).resolves.toEqual({ user: { id: 'u1' } });
    expect(seen[0]?.authorization).toBe(`Bearer ${token}`);
  });

  it('sends no Authorization header when no token is stored', async () => {
    routes.set('GET /api/stripe/prices', (_request, response) => json(response, 200, []));
    const { client } = setUp(null);

    await client.get('stripe/prices').json();
    expect(seen[0]?.authorization).toBeUndefined();
  });

  it('on a 401 with an unexpired token, refreshes exactly once and repeats the request with the new token', async () => {
    const oldToken = makeJwt({ sid: 'old' });
    const newToken = makeJwt({ sid: 'new' });
    routes.set('POST /api/refresh', acceptsOnly(oldToken, { token: newToken }));
    routes.set('POST /api/documents', acceptsOnly(newToken, { ok: true }));
    const { client, tokens, onUnauthorized } = setUp(oldToken);

    const answer = await client.post('documents', { json: { name: 'Invoices' } }).json();

    expect(answer).toEqual({ ok: true });
    expect(callsTo('POST /api/refresh')).toHaveLength(1);
    const attempts = callsTo('POST /api/documents');
    expect(attempts.map((call) => call.authorization)).toEqual([`Bearer ${oldToken}`, `Bearer ${newToken}`]);
    expect(attempts[1]?.body).toBe(JSON.stringify({ name: 'Invoices' }));
    expect(tokens.current()).toBe(newToken);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('shares one refresh between requests that fail together', async () => {
    const oldToken = makeJwt({ sid: 'old' });
    const newToken = makeJwt({ sid: 'new' });
    routes.set('POST /api/refresh', acceptsOnly(oldToken, { token: newToken }));
    routes.set('GET /api/a', acceptsOnly(newToken, { a: 1 }));
    routes.set('GET /api/b', acceptsOnly(newToken, { b: 2 }));
    const { client } = setUp(oldToken);

    const answers = await Promise.all([client.get('a').json(), client.get('b').json()]);

    expect(answers).toEqual([{ a: 1 }, { b: 2 }]);
    expect(callsTo('POST /api/refresh')).toHaveLength(1);
  });

  it('on a 401 with an expired token, does not refresh: clears the token and calls the unauthorized handler', async () => {
    routes.set('GET /api/status', unauthorized);
    const { client, tokens, onUnauthorized } = setUp(makeJwt({ expiresInSeconds: -5 }));

    await expect(client.get('status').json()).rejects.toBeInstanceOf(HTTPError);
    expect(callsTo('POST /api/refresh')).toHaveLength(0);
    expect(tokens.current()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('on a 401 with an unparsable token, logs it, clears it and calls the unauthorized handler', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    routes.set('GET /api/status', unauthorized);
    const { client, tokens, onUnauthorized } = setUp('garbage');

    await expect(client.get('status').json()).rejects.toBeInstanceOf(HTTPError);
    expect(warn).toHaveBeenCalled();
    expect(callsTo('POST /api/refresh')).toHaveLength(0);
    expect(tokens.current()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('clears the token and calls the unauthorized handler when the refresh fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    routes.set('GET /api/status', unauthorized);
    routes.set('POST /api/refresh', unauthorized);
    const { client, tokens, onUnauthorized } = setUp(makeJwt());

    await expect(client.get('status').json()).rejects.toBeInstanceOf(HTTPError);
    expect(callsTo('POST /api/refresh')).toHaveLength(1);
    expect(callsTo('GET /api/status')).toHaveLength(1);
    expect(tokens.current()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('does not loop when the repeated request is answered 401 again', async () => {
    const newToken = makeJwt({ sid: 'new' });
    routes.set('GET /api/status', unauthorized);
    routes.set('POST /api/refresh', (_request, response) => json(response, 200, { token: newToken }));
    const { client, tokens, onUnauthorized } = setUp(makeJwt({ sid: 'old' }));

    await expect(client.get('status').json()).rejects.toBeInstanceOf(HTTPError);
    expect(callsTo('GET /api/status')).toHaveLength(2);
    expect(callsTo('POST /api/refresh')).toHaveLength(1);
    expect(tokens.current()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves a 401 for a request sent before the user signed out to its caller, without sending them to login', async () => {
    const token = makeJwt();
    let answer: (() => void) | null = null;
    // The server answers only once the user has signed out (logout revoked the token meanwhile).
    routes.set('GET /api/tokens/state', (request, response) => {
      answer = () => unauthorized(request, response);
    });
    const { client, tokens, onUnauthorized } = setUp(token);

    const inFlight = client.get('tokens/state').json();
    await vi.waitFor(() => expect(answer).not.toBeNull());
    tokens.clear();
    answer!();

    await expect(inFlight).rejects.toBeInstanceOf(HTTPError);
    expect(callsTo('POST /api/refresh')).toHaveLength(0);
    expect(callsTo('GET /api/tokens/state')).toHaveLength(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('leaves a 401 to the caller for requests that opt out of recovery', async () => {
    routes.set('POST /api/logout', unauthorized);
    const token = makeJwt();
    const { client, tokens, onUnauthorized } = setUp(token);

    await expect(client.post('logout', { context: SKIP_SESSION_RECOVERY })).rejects.toBeInstanceOf(HTTPError);
    expect(callsTo('POST /api/refresh')).toHaveLength(0);
    expect(tokens.current()).toBe(token);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('passes other errors through untouched and does not retry them', async () => {
    routes.set('GET /api/google-docs', (_request, response) => json(response, 500, { error: { code: 'INTERNAL', message: 'x' } }));
    const token = makeJwt();
    const { client, tokens } = setUp(token);

    const error: unknown = await client.get('google-docs').json().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HTTPError);
    expect((error as HTTPError).response.status).toBe(500);
    expect(callsTo('GET /api/google-docs')).toHaveLength(1);
    expect(tokens.current()).toBe(token);
  });
});
