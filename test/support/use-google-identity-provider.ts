import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { CodeExchangeError, type ExternalIdentity } from '../../src/modules/identity/application/ports/identity-provider.port.js';
import { DOCS_SCOPE } from '../../src/modules/identity/domain/scopes.js';
import { GoogleIdentityProvider, type GoogleIdentityProviderOptions } from '../../src/modules/identity/infra/google.identity-provider.js';
import { aGoogleUser, pkceChallengeOf, startFakeGoogleOAuth, type FakeGoogleOAuth, type IssueCodeInput } from './fakes/fake-google-oauth.server.js';
import { late } from './late.js';
import { failureOf } from './rejections.js';

// The set-up of the Google identity provider's own tests: the real provider on a fake Google OAuth server,
// started once for the file, and the consents a test has the fake issue.

export const REDIRECT_URI = 'http://localhost:3000/oauth/callback';
// What Google's token answer lists after consent to `openid email profile drive.file`.
export const ALL_GRANTED = [
  'openid',
  'https://www.googleapis.com/auth/userinfo.email',
  'https://www.googleapis.com/auth/userinfo.profile',
  DOCS_SCOPE,
];

export interface UsedGoogleIdentityProvider {
  google: FakeGoogleOAuth;
  /** The provider on the fake, with the fake's client and a 2 s timeout. */
  provider: GoogleIdentityProvider;
  /** Another provider on the fake, with `overrides`. */
  providerWith(overrides?: Partial<GoogleIdentityProviderOptions>): GoogleIdentityProvider;
  /** Issues a code at the fake for a fresh PKCE pair and returns what the callback would hold. */
  aConsent(overrides?: Partial<IssueCodeInput>): { code: string; codeVerifier: string };
}

/** Registers the fake Google OAuth server for the file: started before its tests, closed after them. */
export function useGoogleIdentityProvider(): UsedGoogleIdentityProvider {
  let google: FakeGoogleOAuth | null = null;
  let provider: GoogleIdentityProvider | null = null;
  const started = <T>(value: T | null): T => {
    if (value === null) throw new Error('useGoogleIdentityProvider: read inside a test, after its beforeAll ran');
    return value;
  };
  const providerWith = (overrides: Partial<GoogleIdentityProviderOptions> = {}): GoogleIdentityProvider => {
    const fake = started(google);
    return new GoogleIdentityProvider({
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      endpoints: fake.endpoints,
      timeoutMs: 2_000,
      ...overrides,
    });
  };
  beforeAll(async () => {
    google = await startFakeGoogleOAuth();
    provider = providerWith();
  });
  afterAll(async () => {
    await google?.close();
    google = null;
    provider = null;
  });
  const aConsent = (overrides: Partial<IssueCodeInput> = {}): { code: string; codeVerifier: string } => {
    const codeVerifier = randomBytes(48).toString('base64url');
    const code = started(google).issueCode({
      codeChallenge: pkceChallengeOf(codeVerifier),
      redirectUri: REDIRECT_URI,
      user: aGoogleUser(),
      grantedScopes: ALL_GRANTED,
      ...overrides,
    });
    return { code, codeVerifier };
  };
  return { google: late(() => started(google)), provider: late(() => started(provider)), providerWith, aConsent };
}

/** The CodeExchangeError an exchange fails with; fails the test when it succeeds or fails otherwise. */
export async function exchangeFailure(promise: Promise<ExternalIdentity>): Promise<CodeExchangeError> {
  const error = await failureOf(promise);
  expect(error).toBeInstanceOf(CodeExchangeError);
  return error as CodeExchangeError;
}
