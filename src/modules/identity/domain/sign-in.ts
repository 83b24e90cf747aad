/** How the user arrived: both create the account when it is new and sign in when it exists. */
export type SignInMode = 'login' | 'register';

export function parseSignInMode(value: string): SignInMode | null {
  return value === 'login' || value === 'register' ? value : null;
}

/**
 * Why a sign-in failed, as the browser's /auth-error page reads it (`?reason=`). The first four have
 * their own message; `invalid-state` falls under the page's generic one.
 */
export type SignInFailure = 'missing-code' | 'unknown-mode' | 'missing-consent' | 'invalid-refresh' | 'invalid-state';

/** A state is good for ten minutes: long enough to read a consent screen, short enough to be useless later. */
export const OAUTH_STATE_LIFETIME_MS = 10 * 60 * 1000;
