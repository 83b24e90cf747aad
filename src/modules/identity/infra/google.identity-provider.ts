import type * as GoogleAuthLibrary from 'google-auth-library';
import type { Credentials, OAuth2Client, TokenPayload } from 'google-auth-library';
import { lazyPackage } from '../../../platform/wiring/lazy-package.js';
import {
  CodeExchangeError,
  type AuthorizationRequest,
  type CodeExchange,
  type ExternalIdentity,
  type IdentityProvider,
} from '../application/ports/identity-provider.port.js';
import { SIGN_IN_SCOPES } from '../domain/scopes.js';

/** Google's sign-in library, loaded once Google sign-in is set up (AUTH_PROVIDER=google), not at every start. */
const googleAuthLibrary = lazyPackage<typeof GoogleAuthLibrary>('google-auth-library');

export interface GoogleEndpoints {
  authorizationUrl: string;
  tokenUrl: string;
  /** Signing certificates as a kid → PEM map: what the library fetches under Node. */
  pemCertsUrl: string;
  /** JWK set: what the library fetches instead when a browser-like `window.crypto` exists. */
  jwkCertsUrl: string;
  /** Accepted `iss` of id_tokens; by default both forms Google uses. */
  issuer: string;
}

export interface GoogleIdentityProviderOptions {
  clientId: string;
  clientSecret: string;
  /** Google's real endpoints unless overridden (tests point them at a local fake). */
  endpoints?: Partial<GoogleEndpoints>;
  /** Per HTTP request to Google (token exchange, certificates). Default 10 s. */
  timeoutMs?: number;
}

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
const JWT_PATTERN = /eyJ[\w-]*\.[\w-]*\.[\w-]*/g;

export class GoogleIdentityProvider implements IdentityProvider {
  readonly name = 'google' as const;
  private readonly client: OAuth2Client;
  private readonly clientId: string;

  constructor(options: GoogleIdentityProviderOptions) {
    const { endpoints = {} } = options;
    this.clientId = options.clientId;
    this.client = new (googleAuthLibrary().OAuth2Client)({
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      endpoints: {
        ...(endpoints.authorizationUrl && { oauth2AuthBaseUrl: endpoints.authorizationUrl }),
        ...(endpoints.tokenUrl && { oauth2TokenUrl: endpoints.tokenUrl }),
        ...(endpoints.pemCertsUrl && { oauth2FederatedSignonPemCertsUrl: endpoints.pemCertsUrl }),
        ...(endpoints.jwkCertsUrl && { oauth2FederatedSignonJwkCertsUrl: endpoints.jwkCertsUrl }),
      },
      // The library's default also accepts the universe domain ('googleapis.com') as issuer.
      issuers: endpoints.issuer ? [endpoints.issuer] : GOOGLE_ISSUERS,
      // No retries: an authorization code is single use and a user is waiting on the redirect, so
      // timeoutMs is the whole budget; a failed sign-in is simply started again.
      transporterOptions: { timeout: options.timeoutMs ?? 10_000, retryConfig: { retry: 0, noResponseRetries: 0 } },
    });
  }

  authorizationUrl({ state, codeChallenge, redirectUri }: AuthorizationRequest): string {
    return this.client.generateAuthUrl({
      scope: [...SIGN_IN_SCOPES],
      access_type: 'offline',
      // Google issues a refresh token only on consent; asking every time means one always comes back.
      prompt: 'consent',
      include_granted_scopes: true,
      state,
      code_challenge: codeChallenge,
      code_challenge_method: googleAuthLibrary().CodeChallengeMethod.S256,
      redirect_uri: redirectUri,
    });
  }

  async exchangeCode({ code, codeVerifier, redirectUri }: CodeExchange): Promise<ExternalIdentity> {
    let tokens: Credentials;
    try {
      ({ tokens } = await this.client.getToken({ code, codeVerifier, redirect_uri: redirectUri }));
    } catch (error) {
      throw new CodeExchangeError('The code exchange with Google failed', { cause: sanitize(error) });
    }
    if (!tokens.id_token) throw new CodeExchangeError('Google answered without an id_token');

    let claims: TokenPayload | undefined;
    try {
      const ticket = await this.client.verifyIdToken({ idToken: tokens.id_token, audience: this.clientId });
      claims = ticket.getPayload();
    } catch (error) {
      throw new CodeExchangeError('The id_token failed verification', { cause: sanitize(error) });
    }
    if (!claims?.sub || !claims.email) throw new CodeExchangeError('The id_token lacks sub or email');
    if (claims.email_verified !== true) throw new CodeExchangeError('The Google account email is not verified');

    return {
      subject: claims.sub,
      email: claims.email,
      name: claims.name ?? claims.email,
      picture: claims.picture ?? null,
      grantedScopes: (tokens.scope ?? '').split(' ').filter(Boolean),
      refreshToken: tokens.refresh_token ?? null,
    };
  }
}

/**
 * The library's errors carry secrets: a GaxiosError holds the request (code, code_verifier) and the
 * verifier's messages quote the whole id_token. Keep only what helps diagnose.
 */
function sanitize(error: unknown): Error {
  if (error instanceof googleAuthLibrary().gaxios.GaxiosError) {
    const endpoint = `${error.config.method ?? 'GET'} ${String(error.config.url).split('?')[0] ?? ''}`;
    const body: unknown = error.response?.data;
    const oauth = isOAuthError(body) ? ` ${body.error}: ${body.error_description ?? ''}` : '';
    const reason = String(error.code ?? (error.cause instanceof Error ? error.cause.name : 'unknown'));
    return new Error(
      error.status ? `${endpoint} answered ${error.status}${oauth}` : `${endpoint} failed: ${error.message} (${reason})`,
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new Error(message.replace(JWT_PATTERN, '[jwt]'));
}

function isOAuthError(body: unknown): body is { error: string; error_description?: string } {
  return typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string';
}
