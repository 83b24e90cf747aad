/**
 * The authorization server behind the fake Google OAuth endpoints (fake-google-oauth.server.ts): the codes
 * it issued, the token exchange (authorization_code grant with PKCE) and the keys that sign its id_tokens.
 * It answers with status and JSON body; the server carries them over HTTP.
 */
import { createHash, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import type { IssueCodeInput, PendingCode, RecordedTokenRequest } from './fake-google-oauth.types.js';

export const GOOGLE_ISSUER = 'https://accounts.google.com';

const KEY_ID = 'fake-google-key-1';

export interface TokenAnswer {
  status: number;
  body: Record<string, unknown>;
}

export function pkceChallengeOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

const oauthError = (status: number, error: string, description: string): TokenAnswer => ({
  status,
  body: { error, error_description: description },
});

export function createTokenIssuer(clientId: string, clientSecret: string) {
  const publishedKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const unpublishedKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const codes = new Map<string, PendingCode>();

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

  /** POST /token's answer to a client's parameters and its `Authorization: Basic` credentials. */
  const exchange = async ({ params, basicAuth }: RecordedTokenRequest): Promise<TokenAnswer> => {
    if (params.grant_type !== 'authorization_code') {
      return oauthError(400, 'unsupported_grant_type', `Invalid grant_type: ${params.grant_type ?? ''}`);
    }
    const presentedId = basicAuth?.clientId ?? params.client_id;
    const presentedSecret = basicAuth?.clientSecret ?? params.client_secret;
    if (presentedId !== clientId) return oauthError(401, 'invalid_client', 'The OAuth client was not found.');
    if (presentedSecret !== clientSecret) return oauthError(401, 'invalid_client', 'Unauthorized');
    const grant = params.code === undefined ? undefined : codes.get(params.code);
    // A code is burnt by any attempt, successful or not, as an authorization server should.
    if (params.code !== undefined) codes.delete(params.code);
    if (!grant || grant.clientId !== presentedId) return oauthError(400, 'invalid_grant', 'Malformed auth code.');
    if (params.redirect_uri !== grant.redirectUri) return oauthError(400, 'redirect_uri_mismatch', 'Bad Request');
    if (!params.code_verifier) return oauthError(400, 'invalid_grant', 'Missing code verifier.');
    if (pkceChallengeOf(params.code_verifier) !== grant.codeChallenge) {
      return oauthError(400, 'invalid_grant', 'Invalid code verifier.');
    }
    const accessToken = `ya29.${randomBytes(32).toString('base64url')}`;
    return {
      status: 200,
      body: {
        access_token: accessToken,
        expires_in: 3599,
        ...(grant.refreshToken === null ? {} : { refresh_token: grant.refreshToken }),
        scope: grant.grantedScopes.join(' '),
        token_type: 'Bearer',
        ...(grant.idTokenOverrides.omit ? {} : { id_token: await signIdToken(grant, accessToken) }),
      },
    };
  };

  const publicJwk = publishedKey.publicKey.export({ format: 'jwk' });
  return {
    issueCode,
    exchange,
    /**
     * GET /oauth2/v1/certs: the published key as PEM under its key id, for Node's verifier. Google serves
     * X.509 certificates here; Node's verifier accepts an SPKI public key just the same.
     */
    pemCerts: () => ({ [KEY_ID]: publishedKey.publicKey.export({ type: 'spki', format: 'pem' }).toString() }),
    /** GET /oauth2/v3/certs: the published key as a JWK set (what browser crypto fetches). */
    jwkCerts: () => ({ keys: [{ ...publicJwk, kid: KEY_ID, alg: 'RS256', use: 'sig' }] }),
  };
}

export type TokenIssuer = ReturnType<typeof createTokenIssuer>;
