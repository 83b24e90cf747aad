/** The fake Google OAuth server's shapes (fake-google-oauth.server.ts), and a user to sign in as. */

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

/** A code issued and not yet exchanged (fake-google-oauth.tokens.ts), with every default filled in. */
export interface PendingCode extends Required<Omit<IssueCodeInput, 'code' | 'idTokenOverrides'>> {
  idTokenOverrides: IdTokenOverrides;
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
