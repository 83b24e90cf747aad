import { rememberReturnPath } from '@/lib/return-path';

/**
 * Sign-in and sign-up are browser navigations to the server (docs/product.md § Sign-in and the session). The intended path is
 * remembered first, because the round trip through the provider leaves the app.
 */
export function startOAuth(mode: 'login' | 'register', returnPath: string | null): void {
  rememberReturnPath(returnPath);
  window.location.assign(`/oauth/${mode}`);
}
