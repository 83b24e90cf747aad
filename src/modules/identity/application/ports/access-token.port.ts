export interface AccessTokenClaims {
  userId: string;
  sessionId: string;
  expiresAt: Date;
}

export interface AccessTokens {
  issue(claims: { userId: string; sessionId: string }, now: Date): Promise<string>;
  /** Null for anything not issued by us or expired. */
  verify(token: string, now: Date): Promise<AccessTokenClaims | null>;
}

export const ACCESS_TOKENS = Symbol('AccessTokens');
