/**
 * The account provider users sign in with (Google in production, the dev sign-in page locally).
 * Both speak OAuth 2.0 authorization code + PKCE, so the callback runs the same code either way.
 */
export interface AuthorizationRequest {
  /** Opaque, single-use value echoed back on the callback. */
  state: string;
  /** PKCE S256 challenge of the verifier kept with the state. */
  codeChallenge: string;
  /** Absolute URL of our /oauth/callback. */
  redirectUri: string;
}

export interface CodeExchange {
  code: string;
  codeVerifier: string;
  redirectUri: string;
}

export interface ExternalIdentity {
  /** Stable account id at the provider (Google's `sub`). */
  subject: string;
  email: string;
  name: string;
  picture: string | null;
  /** Scopes the user actually granted: users can untick some on Google's consent screen. */
  grantedScopes: string[];
  /** Long-lived provider token for document access; null when the provider did not issue one. */
  refreshToken: string | null;
}

/** Thrown by `exchangeCode` when the provider refuses the code or answers something unusable. */
export class CodeExchangeError extends Error {
  override readonly name = 'CodeExchangeError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export interface IdentityProvider {
  /** Stored with the user: accounts from different providers never merge. */
  readonly name: 'google' | 'dev';
  authorizationUrl(request: AuthorizationRequest): string;
  exchangeCode(exchange: CodeExchange): Promise<ExternalIdentity>;
}

export const IDENTITY_PROVIDER = Symbol('IdentityProvider');
