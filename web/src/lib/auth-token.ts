// The session token's home: localStorage under `auth_token` (docs/product.md § Sign-in and the session).
// Writes throw when the browser refuses storage, so /auth-success can report it;
// reads and removals never throw, so a broken storage reads as "signed out".
import { decodeJwtPayload, isExpired, type JwtPayload } from './jwt';

export const AUTH_TOKEN_KEY = 'auth_token';

export function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function writeStoredToken(token: string): void {
  window.localStorage.setItem(AUTH_TOKEN_KEY, token);
}

export function removeStoredToken(): void {
  try {
    window.localStorage.removeItem(AUTH_TOKEN_KEY);
  } catch {
    // Nothing stored that we could remove.
  }
}

export type StoredSession = { token: string; payload: JwtPayload };

/**
 * The stored token when it is present and unexpired. An unparsable token counts as expired,
 * is logged and removed (docs/product.md § Sign-in and the session); an expired one is left for the caller to clear.
 */
export function readUsableToken(now: number = Date.now()): StoredSession | null {
  const token = readStoredToken();
  if (token === null) return null;
  const payload = decodeJwtPayload(token);
  if (payload === null) {
    console.warn('Removing a stored session token that cannot be parsed.');
    removeStoredToken();
    return null;
  }
  return isExpired(payload, now) ? null : { token, payload };
}
