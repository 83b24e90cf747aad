import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DOCS_SCOPE } from '../../../src/modules/identity/domain/scopes.js';
import { GoogleIdentityProvider } from '../../../src/modules/identity/infra/google.identity-provider.js';
import { aGoogleUser, pkceChallengeOf } from '../../support/fakes/fake-google-oauth.server.js';
import { freePort } from '../../support/free-ports.js';
import { ALL_GRANTED, exchangeFailure, REDIRECT_URI, useGoogleIdentityProvider } from '../../support/use-google-identity-provider.js';

const { google, provider, providerWith, aConsent } = useGoogleIdentityProvider();

describe('GoogleIdentityProvider.authorizationUrl', () => {
  it('asks Google for a code with PKCE, offline access and the sign-in plus drive.file scopes', () => {
    const url = new URL(
      provider.authorizationUrl({ state: 'state-123', codeChallenge: 'challenge-abc', redirectUri: REDIRECT_URI }),
    );

    expect(`${url.origin}${url.pathname}`).toBe(google.endpoints.authorizationUrl);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(google.clientId);
    expect(q.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')?.split(' ')).toEqual(['openid', 'email', 'profile', DOCS_SCOPE]);
    expect(q.get('access_type')).toBe('offline');
    expect(q.get('prompt')).toBe('consent');
    expect(q.get('include_granted_scopes')).toBe('true');
    expect(q.get('state')).toBe('state-123');
    expect(q.get('code_challenge')).toBe('challenge-abc');
    expect(q.get('code_challenge_method')).toBe('S256');
  });

  it('points at Google itself when no endpoints are configured', () => {
    const url = new URL(
      new GoogleIdentityProvider({ clientId: 'id', clientSecret: 'secret' }).authorizationUrl({
        state: 's',
        codeChallenge: 'c',
        redirectUri: REDIRECT_URI,
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
  });
});

describe('GoogleIdentityProvider.exchangeCode', () => {
  it('turns a valid code and its verifier into the verified Google identity', async () => {
    const { code, codeVerifier } = aConsent({ refreshToken: '1//refresh-token-1' });

    const identity = await provider.exchangeCode({ code, codeVerifier, redirectUri: REDIRECT_URI });

    expect(identity).toEqual({
      subject: '109876543210987654321',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      picture: 'https://lh3.googleusercontent.com/a/ada',
      grantedScopes: ALL_GRANTED,
      refreshToken: '1//refresh-token-1',
    });
  });

  it('sends the code, verifier, redirect URI and client credentials to the token endpoint', async () => {
    const { code, codeVerifier } = aConsent();
    const before = google.requests.length;

    await provider.exchangeCode({ code, codeVerifier, redirectUri: REDIRECT_URI });

    expect(google.requests.slice(before)).toEqual([
      {
        params: {
          grant_type: 'authorization_code',
          code,
          code_verifier: codeVerifier,
          redirect_uri: REDIRECT_URI,
          client_id: google.clientId,
          client_secret: google.clientSecret,
        },
        basicAuth: null,
      },
    ]);
  });

  it('reports only the scopes the user granted, so an unticked drive.file is visible', async () => {
    const withoutDocs = ALL_GRANTED.filter((scope) => scope !== DOCS_SCOPE);
    const { code, codeVerifier } = aConsent({ grantedScopes: withoutDocs });

    const identity = await provider.exchangeCode({ code, codeVerifier, redirectUri: REDIRECT_URI });

    expect(identity.grantedScopes).toEqual(withoutDocs);
    expect(identity.grantedScopes).not.toContain(DOCS_SCOPE);
  });

  it('gives a null refresh token and picture when Google sends none', async () => {
    const { code, codeVerifier } = aConsent({ refreshToken: null, user: aGoogleUser({ picture: undefined }) });

    const identity = await provider.exchangeCode({ code, codeVerifier, redirectUri: REDIRECT_URI });

    expect(identity.refreshToken).toBeNull();
    expect(identity.picture).toBeNull();
  });

  it('completes a round trip from its authorization URL through the consent redirect', async () => {
    const codeVerifier = randomBytes(48).toString('base64url');
    google.setConsent({ user: aGoogleUser({ sub: 'round-trip-sub' }) });
    const authorize = provider.authorizationUrl({
      state: 'st-9',
      codeChallenge: pkceChallengeOf(codeVerifier),
      redirectUri: REDIRECT_URI,
    });

    const consent = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location') ?? '');
    expect(callback.searchParams.get('state')).toBe('st-9');
    const identity = await provider.exchangeCode({
      code: callback.searchParams.get('code') ?? '',
      codeVerifier,
      redirectUri: REDIRECT_URI,
    });

    expect(identity.subject).toBe('round-trip-sub');
    expect(identity.grantedScopes).toEqual(ALL_GRANTED);
    expect(identity.refreshToken).toMatch(/^1\/\//);
  });

  it('verifies against the JWK set when the library runs with browser crypto', async () => {
    const { code, codeVerifier } = aConsent();
    // google-auth-library switches to SubtleCrypto and the JWK endpoint whenever `window.crypto` exists;
    // gaxios would also take `window.fetch` if this were the process's first request.
    Object.assign(globalThis, { window: { crypto: globalThis.crypto, fetch: globalThis.fetch } });
    try {
      const identity = await providerWith().exchangeCode({ code, codeVerifier, redirectUri: REDIRECT_URI });
      expect(identity.subject).toBe('109876543210987654321');
      expect(google.certRequests.at(-1)).toBe('/oauth2/v3/certs');
    } finally {
      Reflect.deleteProperty(globalThis, 'window');
    }
  });

  it('fails when the code verifier does not match the challenge (PKCE)', async () => {
    const { code } = aConsent();

    const error = await exchangeFailure(
      provider.exchangeCode({ code, codeVerifier: randomBytes(48).toString('base64url'), redirectUri: REDIRECT_URI }),
    );

    expect(error.message).toBe('The code exchange with Google failed');
    expect(String(error.cause)).toContain('400 invalid_grant: Invalid code verifier.');
  });

  it('fails when a code is used a second time', async () => {
    const { code, codeVerifier } = aConsent();
    await provider.exchangeCode({ code, codeVerifier, redirectUri: REDIRECT_URI });

    const error = await exchangeFailure(provider.exchangeCode({ code, codeVerifier, redirectUri: REDIRECT_URI }));

    expect(String(error.cause)).toContain('400 invalid_grant');
  });

  it('fails when the redirect URI differs from the one the code was issued for', async () => {
    const { code, codeVerifier } = aConsent();

    const error = await exchangeFailure(
      provider.exchangeCode({ code, codeVerifier, redirectUri: 'http://localhost:3000/elsewhere' }),
    );

    expect(String(error.cause)).toContain('400 redirect_uri_mismatch');
  });

  it('fails when the client secret is wrong', async () => {
    const { code, codeVerifier } = aConsent();

    const error = await exchangeFailure(
      providerWith({ clientSecret: 'not-the-secret' }).exchangeCode({ code, codeVerifier, redirectUri: REDIRECT_URI }),
    );

    expect(String(error.cause)).toContain('401 invalid_client');
  });

  it('fails when the id_token is signed by a key Google does not publish', async () => {
    const { code, codeVerifier } = aConsent({ idTokenOverrides: { signedBy: 'unpublished-key' } });

    const error = await exchangeFailure(provider.exchangeCode({ code, codeVerifier, redirectUri: REDIRECT_URI }));

    expect(error.message).toBe('The id_token failed verification');
    expect(String(error.cause)).toContain('Invalid token signature');
  });

  it('keeps the id_token, code and verifier out of the error it throws', async () => {
    const { code, codeVerifier } = aConsent({ idTokenOverrides: { signedBy: 'unpublished-key' } });

    const error = await exchangeFailure(provider.exchangeCode({ code, codeVerifier, redirectUri: REDIRECT_URI }));

    const everything = inspect(error, { depth: 10 });
    expect(everything).not.toContain('eyJ');
    expect(everything).not.toContain(code);
    expect(everything).not.toContain(codeVerifier);
  });

  it('fails when the id_token was issued to another client (audience)', async () => {
    const { code, codeVerifier } = aConsent({
      idTokenOverrides: { claims: { aud: 'someone-else.apps.googleusercontent.com' } },
    });

    const error = await exchangeFailure(provider.exchangeCode({ code, codeVerifier, redirectUri: REDIRECT_URI }));

    expect(String(error.cause)).toContain('Wrong recipient');
  });

  // 'googleapis.com' is accepted by the library's default issuer list (its universe domain).
  it.each(['https://evil.example', 'googleapis.com'])('fails when the id_token issuer is %s', async (iss) => {
    const { code, codeVerifier } = aConsent({ idTokenOverrides: { claims: { iss } } });

    const error = await exchangeFailure(provider.exchangeCode({ code, codeVerifier, redirectUri: REDIRECT_URI }));

    expect(String(error.cause)).toContain('Invalid issuer');
  });

  it('fails when the id_token has expired', async () => {
    const longAgo = Math.floor(Date.now() / 1000) - 7_200;
    const { code, codeVerifier } = aConsent({
      idTokenOverrides: { claims: { iat: longAgo - 3_600, exp: longAgo } },
    });

    const error = await exchangeFailure(provider.exchangeCode({ code, codeVerifier, redirectUri: REDIRECT_URI }));

    expect(String(error.cause)).toContain('Token used too late');
  });

  it('fails when the Google account email is not verified', async () => {
    const { code, codeVerifier } = aConsent({ user: aGoogleUser({ emailVerified: false }) });

    const error = await exchangeFailure(provider.exchangeCode({ code, codeVerifier, redirectUri: REDIRECT_URI }));

    expect(error.message).toBe('The Google account email is not verified');
  });

  it('fails when the token answer carries no id_token', async () => {
    const { code, codeVerifier } = aConsent({ idTokenOverrides: { omit: true } });

    const error = await exchangeFailure(provider.exchangeCode({ code, codeVerifier, redirectUri: REDIRECT_URI }));

    expect(error.message).toBe('Google answered without an id_token');
  });

  it('fails on a server error without replaying the single-use code', async () => {
    const { code, codeVerifier } = aConsent();
    google.failNextTokenRequest(503, { error: 'temporarily_unavailable', error_description: 'Try later' });
    const before = google.requests.length;

    const error = await exchangeFailure(provider.exchangeCode({ code, codeVerifier, redirectUri: REDIRECT_URI }));

    expect(String(error.cause)).toContain('503 temporarily_unavailable');
    expect(google.requests.length - before).toBe(1);
  });

  it('fails when the token endpoint is unreachable', async () => {
    const port = await freePort();
    const tokenUrl = `http://127.0.0.1:${port}/token`;
    const unreachable = providerWith({ endpoints: { ...google.endpoints, tokenUrl } });
    const { code, codeVerifier } = aConsent();

    const error = await exchangeFailure(unreachable.exchangeCode({ code, codeVerifier, redirectUri: REDIRECT_URI }));

    expect(error.message).toBe('The code exchange with Google failed');
    expect(String(error.cause)).toContain(`POST http://127.0.0.1:${port}/token failed`);
    expect(String(error.cause)).toContain('(ECONNREFUSED)');
  });

  it('gives up once the token endpoint is slower than the timeout', async () => {
    const { code, codeVerifier } = aConsent();
    // The answer would come after a second: an abort is the timeout's doing.
    google.delayTokenResponses(1_000);
    try {
      const impatient = providerWith({ timeoutMs: 150 });
      const error = await exchangeFailure(impatient.exchangeCode({ code, codeVerifier, redirectUri: REDIRECT_URI }));
      // gaxios fetches with node-fetch, which reports its timeout as a plain abort.
      expect(String(error.cause)).toContain('/token failed: The operation was aborted. (AbortError)');
    } finally {
      google.delayTokenResponses(0);
    }
  });
});
