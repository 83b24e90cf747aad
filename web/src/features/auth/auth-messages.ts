// User-facing texts for failed sign-ins (docs/product.md § Sign-in and the session), one per error code.

const AUTH_ERROR_MESSAGES: Record<string, string> = {
  'missing-code': 'Authorization code is missing. Please try again.',
  'unknown-mode': 'Unknown login mode.',
  'missing-consent': 'You must grant access to your Google account.',
  'invalid-refresh': 'Failed to retrieve login data.',
  // The server's login-CSRF and throttling answers.
  'browser-mismatch': 'This sign-in was not started in this browser, or took too long. Please sign in again.',
  'too-many-attempts': 'Too many sign-in attempts from your network. Please wait a minute and try again.',
};

export const GENERIC_AUTH_ERROR_MESSAGE = 'An unexpected error occurred during login.';

/** The /auth-error message for a `reason` query value (missing or unknown → generic). */
export function authErrorMessage(reason: string | null): string {
  if (reason === null || !Object.hasOwn(AUTH_ERROR_MESSAGES, reason)) return GENERIC_AUTH_ERROR_MESSAGE;
  return AUTH_ERROR_MESSAGES[reason] ?? GENERIC_AUTH_ERROR_MESSAGE;
}

const LOGIN_ERROR_MESSAGES: Record<string, string> = {
  no_token: 'Sign-in did not return a session. Please try again.',
  token_storage_failed: 'Your browser refused to store the session. Please allow site storage and try again.',
};

/** The /login banner for an `error` query value handed over by /auth-success. */
export function loginErrorMessage(error: string): string {
  if (Object.hasOwn(LOGIN_ERROR_MESSAGES, error)) return LOGIN_ERROR_MESSAGES[error] ?? error;
  return `Sign-in failed (${error}). Please try again.`;
}
