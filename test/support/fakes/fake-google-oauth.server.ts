/**
 * A local stand-in for Google's OAuth 2.0 / OpenID Connect endpoints, close enough to the real protocol
 * for google-auth-library's OAuth2Client: an authorization endpoint that consents on the user's behalf,
 * the token endpoint (authorization_code grant with PKCE) and the id_token signing certificates in both
 * formats the library fetches (PEM map for Node, JWK set for browser crypto).
 *
 * Usage:
 *   const google = await startFakeGoogleOAuth();
 *   const code = google.issueCode({ codeChallenge, redirectUri, user: aGoogleUser(), grantedScopes });
 *   // new GoogleIdentityProvider({ clientId: google.clientId, clientSecret: google.clientSecret,
 *   //   endpoints: google.endpoints })
 *   await google.close();
 *
 * Here the HTTP side: routes, consent, recorded requests and injected failures; the codes, the token
 * exchange and the signing keys are in fake-google-oauth.tokens.ts, the shapes in fake-google-oauth.types.ts.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTokenIssuer, GOOGLE_ISSUER } from './fake-google-oauth.tokens.js';
import type { Consent, FakeGoogleOAuth, RecordedTokenRequest } from './fake-google-oauth.types.js';

export { GOOGLE_ISSUER, pkceChallengeOf } from './fake-google-oauth.tokens.js';
export {
  aGoogleUser,
  type Consent,
  type FakeGoogleEndpoints,
  type FakeGoogleOAuth,
  type FakeGoogleUser,
  type IdTokenOverrides,
  type IssueCodeInput,
  type RecordedTokenRequest,
} from './fake-google-oauth.types.js';

const SCOPE_EXPANSION: Record<string, string> = {
  email: 'https://www.googleapis.com/auth/userinfo.email',
  profile: 'https://www.googleapis.com/auth/userinfo.profile',
};

export async function startFakeGoogleOAuth(
  options: { clientId?: string; clientSecret?: string } = {},
): Promise<FakeGoogleOAuth> {
  const clientId = options.clientId ?? 'fake-client-id.apps.googleusercontent.com';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  const tokens = createTokenIssuer(clientId, clientSecret);
  const { issueCode } = tokens;
  const requests: RecordedTokenRequest[] = [];
  const certRequests: string[] = [];
  let consent: Consent | null = null;
  let nextFailure: { status: number; body: Record<string, unknown> } | null = null;
  let delayMs = 0;

  const handleToken = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const params = Object.fromEntries(new URLSearchParams(await readBody(req)));
    const basicAuth = parseBasicAuth(req.headers.authorization);
    const request = { params, basicAuth };
    requests.push(request);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (nextFailure) {
      const failure = nextFailure;
      nextFailure = null;
      return sendJson(res, failure.status, failure.body);
    }
    const answer = await tokens.exchange(request);
    sendJson(res, answer.status, answer.body);
  };

  const handleAuthorize = (url: URL, res: ServerResponse): void => {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri');
    if (q.get('client_id') !== clientId || !redirectUri) return sendText(res, 400, 'Error 401: invalid_client');
    if (q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) {
      return sendText(res, 400, 'Error 400: invalid_request');
    }
    if (!consent) return sendText(res, 409, 'fake-google-oauth: call setConsent() before the browser arrives');
    const back = new URL(redirectUri);
    if ('deny' in consent) {
      back.searchParams.set('error', 'access_denied');
    } else {
      const requested = (q.get('scope') ?? '').split(' ').filter(Boolean);
      const grantedScopes = consent.grantedScopes ?? requested.map((s) => SCOPE_EXPANSION[s] ?? s);
      const code = issueCode({
        codeChallenge: q.get('code_challenge') ?? '',
        redirectUri,
        user: consent.user,
        grantedScopes,
        ...(consent.refreshToken === undefined ? {} : { refreshToken: consent.refreshToken }),
      });
      back.searchParams.set('code', code);
      back.searchParams.set('scope', grantedScopes.join(' '));
    }
    const state = q.get('state');
    if (state !== null) back.searchParams.set('state', state);
    res.writeHead(302, { location: back.toString() }).end();
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const route = `${req.method ?? 'GET'} ${url.pathname}`;
    const certHeaders = { 'cache-control': 'public, max-age=3600, must-revalidate, no-transform' };
    if (route === 'POST /token') {
      handleToken(req, res).catch((error: unknown) => sendText(res, 500, String(error)));
    } else if (route === 'GET /o/oauth2/v2/auth') {
      handleAuthorize(url, res);
    } else if (route === 'GET /oauth2/v1/certs') {
      certRequests.push(url.pathname);
      sendJson(res, 200, tokens.pemCerts(), certHeaders);
    } else if (route === 'GET /oauth2/v3/certs') {
      certRequests.push(url.pathname);
      sendJson(res, 200, tokens.jwkCerts(), certHeaders);
    } else {
      sendText(res, 404, 'Not Found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    clientId,
    clientSecret,
    endpoints: {
      authorizationUrl: `${url}/o/oauth2/v2/auth`,
      tokenUrl: `${url}/token`,
      pemCertsUrl: `${url}/oauth2/v1/certs`,
      jwkCertsUrl: `${url}/oauth2/v3/certs`,
      issuer: GOOGLE_ISSUER,
    },
    issueCode,
    setConsent: (next) => {
      consent = next;
    },
    failNextTokenRequest: (status, body) => {
      nextFailure = { status, body };
    },
    delayTokenResponses: (ms) => {
      delayMs = ms;
    },
    requests,
    certRequests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseBasicAuth(header: string | undefined): RecordedTokenRequest['basicAuth'] {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { clientId: decoded.slice(0, colon), clientSecret: decoded.slice(colon + 1) };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body));
}

function sendText(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(body);
}
