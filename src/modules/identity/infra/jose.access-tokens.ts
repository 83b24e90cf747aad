import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '../domain/session.js';
import type { AccessTokenClaims, AccessTokens } from '../application/ports/access-token.port.js';

const ISSUER = 'mailscribe';
/** Verified tokens remembered at most; past it the oldest is forgotten (and verified again if it returns). */
const VERIFIED_KEPT = 10_000;

/** HS256 app tokens: `sub` user id, `sid` session id, `exp` one hour. */
export class JoseAccessTokens implements AccessTokens {
  // Imported once: given the raw bytes, jose imports the key again on every call, which was about 60 µs
  // of each authenticated request's 0.5 ms in the API benchmark.
  private readonly key: Promise<webcrypto.CryptoKey>;

  /**
   * Claims of tokens already verified, by the whole token string: a browser sends the same token with every
   * request for up to an hour, and checking its HMAC again each time was the largest cost of the session
   * check (webcrypto's async job, about 55 µs a request in the API benchmark). Only the exact string that
   * passed verification is found here; its expiry is checked on every use, as jose does.
   */
  private readonly verified = new Map<string, AccessTokenClaims>();

  constructor(secret: string) {
    this.key = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  async issue(claims: { userId: string; sessionId: string }, now: Date): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_LIFETIME_SECONDS)
      .sign(await this.key);
  }

  async verify(token: string, now: Date): Promise<AccessTokenClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (!isExpired(known, now)) return known;
      this.verified.delete(token);
      return null;
    }
    const claims = await this.verifySignature(token, now);
    if (claims) {
      if (this.verified.size >= VERIFIED_KEPT) this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, claims);
    }
    return claims;
  }

  private async verifySignature(token: string, now: Date): Promise<AccessTokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        currentDate: now,
        requiredClaims: ['sub', 'sid', 'exp'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
      return { userId: payload.sub, sessionId: payload.sid, expiresAt: new Date(payload.exp * 1000) };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}

/** jose's rule: a token is expired once `exp` (whole seconds) is not after the current second. */
function isExpired(claims: AccessTokenClaims, now: Date): boolean {
  return claims.expiresAt.getTime() / 1000 <= Math.floor(now.getTime() / 1000);
}
