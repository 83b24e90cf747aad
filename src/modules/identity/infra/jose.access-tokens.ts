import { SignJWT, jwtVerify, errors } from 'jose';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '../domain/session.js';
import type { AccessTokenClaims, AccessTokens } from '../application/ports/access-token.port.js';

const ISSUER = 'mailscribe';

/** HS256 app tokens: `sub` user id, `sid` session id, `exp` one hour. */
export class JoseAccessTokens implements AccessTokens {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(claims: { userId: string; sessionId: string }, now: Date): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_LIFETIME_SECONDS)
      .sign(this.key);
  }

  async verify(token: string, now: Date): Promise<AccessTokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
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
