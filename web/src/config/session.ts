// Session timing (docs/product.md § Sign-in and the session: the JWT lives one hour).

/** The login guard re-verifies the session this often (3,000,000 ms: docs/product.md § Sign-in and the session). */
export const AUTH_RECHECK_INTERVAL_MS = 3_000_000;

/** A periodic check refreshes a token that would expire within this window, so an active user
 * is not signed out when the one-hour JWT ends between two checks. */
export const TOKEN_REFRESH_AHEAD_MS = 15 * 60 * 1000;

/** Where the app goes after sign-in when no earlier location was remembered. */
export const DEFAULT_SIGNED_IN_PATH = '/dashboard';
