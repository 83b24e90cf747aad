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
 */
import { createHash, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';

export const GOOGLE_ISSUER = 'https://accounts.google.com';

export interface FakeGoogleUser {
  sub: string;
  email: string;
  name?: string;
  picture?: string;
  /** Defaults to true, as for any Gmail account. */
  emailVerified?: boolean;
}

export interface IdTokenOverrides {
  /** Claims merged over the ones the fake would sign (aud, iss, exp, email_verified...). */
  claims?: Record<string, unknown>;
  /** 'unpublished-key': signed by a key that is not in the certs, under the published key id. */
  signedBy?: 'published-key' | 'unpublished-key';
  /** Answer the token request without an id_token at all. */
  omit?: boolean;
}

export interface IssueCodeInput {
  code?: string;
  codeChallenge: string;
  redirectUri: string;
  /** Defaults to the fake's own client id. */
  clientId?: string;
  user: FakeGoogleUser;
  /** What the token answer's `scope` lists (Google expands `email`/`profile` to userinfo URLs). */
  grantedScopes: string[];
  /** Undefined: a fresh refresh token is issued. Null: none (as when Google skips it). */
  refreshToken?: string | null;
  idTokenOverrides?: IdTokenOverrides;
}

/** What the authorization endpoint does with the next browser that reaches it. */
export type Consent =
  | { user: FakeGoogleUser; grantedScopes?: string[]; refreshToken?: string | null }
  | { deny: true };

export interface RecordedTokenRequest {
  params: Record<string, string>;
  /** Credentials from an `Authorization: Basic` header, when the client used client_secret_basic. */
  basicAuth: { clientId: string; clientSecret: string } | null;
}

export interface FakeGoogleEndpoints {
  authorizationUrl: string;
  tokenUrl: string;
  pemCertsUrl: string;
  jwkCertsUrl: string;
  issuer: string;
}

export interface FakeGoogleOAuth {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Shaped for GoogleIdentityProvider's `endpoints` option. */
  endpoints: FakeGoogleEndpoints;
  issueCode(input: IssueCodeInput): string;
  /** Make GET /o/oauth2/v2/auth redirect back with a code for this user (or access_denied). */
  setConsent(consent: Consent): void;
  /** The next token request gets this answer instead of the normal processing. */
  failNextTokenRequest(status: number, body: Record<string, unknown>): void;
  /** Token answers are sent only after this delay (0 to stop delaying). */
  delayTokenResponses(ms: number): void;
  readonly requests: RecordedTokenRequest[];
  /** Paths of the certificate fetches, in order (PEM under Node, JWK with browser crypto). */
  readonly certRequests: string[];
  close(): Promise<void>;
}

interface PendingCode extends Required<Omit<IssueCodeInput, 'code' | 'idTokenOverrides'>> {
  idTokenOverrides: IdTokenOverrides;
}

const KEY_ID = 'fake-google-key-1';
const SCOPE_EXPANSION: Record<string, string> = {
  email: 'https://www.googleapis.com/auth/userinfo.email',
  profile: 'https://www.googleapis.com/auth/userinfo.profile',
};

export function pkceChallengeOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export function aGoogleUser(overrides: Partial<FakeGoogleUser> = {}): FakeGoogleUser {
  return {
    sub: '109876543210987654321',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    picture: 'https://lh3.googleusercontent.com/a/ada',
    emailVerified: true,
    ...overrides,
  };
}

export async function startFakeGoogleOAuth(
  options: { clientId?: string; clientSecret?: string } = {},
): Promise<FakeGoogleOAuth> {
  const clientId = options.clientId ?? 'fake-client-id.apps.googleusercontent.com';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  const publishedKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const unpublishedKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const codes = new Map<string, PendingCode>();
  const requests: RecordedTokenRequest[] = [];
  const certRequests: string[] = [];
  let consent: Consent | null = null;
  let nextFailure: { status: number; body: Record<string, unknown> } | null = null;
  let delayMs = 0;

  const issueCode = (input: IssueCodeInput): string => {
    const code = input.code ?? `4/0A${randomBytes(24).toString('base64url')}`;
    codes.set(code, {
      codeChallenge: input.codeChallenge,
      redirectUri: input.redirectUri,
      clientId: input.clientId ?? clientId,
      user: input.user,
      grantedScopes: input.grantedScopes,
      refreshToken:
        input.refreshToken === undefined ? `1//0g${randomBytes(24).toString('base64url')}` : input.refreshToken,
      idTokenOverrides: input.idTokenOverrides ?? {},
    });
    return code;
  };

  const signIdToken = (grant: PendingCode, accessToken: string): Promise<string> => {
    const now = Math.floor(Date.now() / 1000);
    const claims: Record<string, unknown> = {
      iss: GOOGLE_ISSUER,
      azp: grant.clientId,
      aud: grant.clientId,
      sub: grant.user.sub,
      email: grant.user.email,
      email_verified: grant.user.emailVerified ?? true,
      at_hash: createHash('sha256').update(accessToken).digest().subarray(0, 16).toString('base64url'),
      ...(grant.user.name === undefined ? {} : { name: grant.user.name }),
      ...(grant.user.picture === undefined ? {} : { picture: grant.user.picture }),
      iat: now,
      exp: now + 3600,
      ...grant.idTokenOverrides.claims,
    };
    const key: KeyObject =
      grant.idTokenOverrides.signedBy === 'unpublished-key' ? unpublishedKey.privateKey : publishedKey.privateKey;
    return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' }).sign(key);
  };

  const handleToken = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const params = Object.fromEntries(new URLSearchParams(await readBody(req)));
    const basicAuth = parseBasicAuth(req.headers.authorization);
    requests.push({ params, basicAuth });
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (nextFailure) {
      const failure = nextFailure;
      nextFailure = null;
      return sendJson(res, failure.status, failure.body);
    }
    if (params.grant_type !== 'authorization_code') {
      return oauthError(res, 400, 'unsupported_grant_type', `Invalid grant_type: ${params.grant_type ?? ''}`);
    }
    const presentedId = basicAuth?.clientId ?? params.client_id;
    const presentedSecret = basicAuth?.clientSecret ?? params.client_secret;
    if (presentedId !== clientId) return oauthError(res, 401, 'invalid_client', 'The OAuth client was not found.');
    if (presentedSecret !== clientSecret) return oauthError(res, 401, 'invalid_client', 'Unauthorized');
    const grant = params.code === undefined ? undefined : codes.get(params.code);
    // A code is burnt by any attempt, successful or not, as an authorization server should.
    if (params.code !== undefined) codes.delete(params.code);
    if (!grant || grant.clientId !== presentedId) return oauthError(res, 400, 'invalid_grant', 'Malformed auth code.');
    if (params.redirect_uri !== grant.redirectUri) return oauthError(res, 400, 'redirect_uri_mismatch', 'Bad Request');
    if (!params.code_verifier) return oauthError(res, 400, 'invalid_grant', 'Missing code verifier.');
    if (pkceChallengeOf(params.code_verifier) !== grant.codeChallenge) {
      return oauthError(res, 400, 'invalid_grant', 'Invalid code verifier.');
    }
    const accessToken = `ya29.${randomBytes(32).toString('base64url')}`;
    sendJson(res, 200, {
      access_token: accessToken,
      expires_in: 3599,
      ...(grant.refreshToken === null ? {} : { refresh_token: grant.refreshToken }),
      scope: grant.grantedScopes.join(' '),
      token_type: 'Bearer',
      ...(grant.idTokenOverrides.omit ? {} : { id_token: await signIdToken(grant, accessToken) }),
    });
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

  const publicJwk = publishedKey.publicKey.export({ format: 'jwk' });
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
      // Google serves X.509 certificates here; Node's verifier accepts an SPKI public key just the same.
      const pem = publishedKey.publicKey.export({ type: 'spki', format: 'pem' }).toString();
      sendJson(res, 200, { [KEY_ID]: pem }, certHeaders);
    } else if (route === 'GET /oauth2/v3/certs') {
      certRequests.push(url.pathname);
      sendJson(res, 200, { keys: [{ ...publicJwk, kid: KEY_ID, alg: 'RS256', use: 'sig' }] }, certHeaders);
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

function oauthError(res: ServerResponse, status: number, error: string, description: string): void {
  sendJson(res, status, { error, error_description: description });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body));
}

function sendText(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(body);
}
