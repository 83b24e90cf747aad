import { SIGN_IN_MINUTES } from '../../../shared/retention-policy.js';
import { MINUTE_MS } from '../../../shared/clock.js';

/** How the user arrived: both create the account when it is new and sign in when it exists. */
export type SignInMode = 'login' | 'register';

export function parseSignInMode(value: string): SignInMode | null {
  return value === 'login' || value === 'register' ? value : null;
}

/**
 * Why a sign-in failed, as the browser's /auth-error page reads it (`?reason=`). All but `invalid-state`
 * have their own message; it falls under the page's generic one.
 */
export type SignInFailure =
  | 'missing-code'
  | 'unknown-mode'
  | 'missing-consent'
  | 'invalid-refresh'
  | 'invalid-state'
  /** The callback came to a browser that did not start this sign-in (login CSRF), or its cookie is gone. */
  | 'browser-mismatch'
  /** Too many sign-ins started from one address in a short time. */
  | 'too-many-attempts';

/**
 * A state is good for ten minutes: long enough to read a consent screen, short enough to be useless later.
 * The retention policy states it (an expired state is deleted), so it is read from there.
 */
export const OAUTH_STATE_LIFETIME_MS = SIGN_IN_MINUTES * MINUTE_MS;

/**
 * The key a pending sign-in is kept under: the state the provider echoes and the nonce only the starting
 * browser holds (in a cookie). A callback URL opened anywhere else cannot find it (RFC 9700, login CSRF).
 */
export function boundStateKey(state: string, browserNonce: string): string {
  return `${state}.${browserNonce}`;
}
