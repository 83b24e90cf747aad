import type { Context } from 'koa';

/**
 * The cookie that ties a sign-in to the browser that started it. HttpOnly (no script reads it),
 * SameSite=Lax (sent on the provider's top-level redirect back, not on cross-site subrequests), scoped to
 * the callback path and as short-lived as the state itself. Written by hand rather than with ctx.cookies,
 * which refuses a Secure cookie when TLS ends at a proxy the app was not told to trust.
 */
export const SIGN_IN_COOKIE = 'mailscribe_sign_in';
export const SIGN_IN_COOKIE_PATH = '/oauth/callback';

export interface SignInCookieOptions {
  /** Send it with Secure: when the public URL is https. */
  secure: boolean;
}

export function setSignInCookie(ctx: Context, nonce: string, maxAgeSeconds: number, options: SignInCookieOptions): void {
  ctx.append('Set-Cookie', cookieLine(nonce, maxAgeSeconds, options));
}

/** Cleared after every callback, used or not: a nonce serves one sign-in. */
export function clearSignInCookie(ctx: Context, options: SignInCookieOptions): void {
  ctx.append('Set-Cookie', cookieLine('', 0, options));
}

export function signInNonceOf(ctx: Context): string | null {
  const value = ctx.cookies.get(SIGN_IN_COOKIE);
  return value && /^[\w-]{16,128}$/.test(value) ? value : null;
}

function cookieLine(value: string, maxAgeSeconds: number, options: SignInCookieOptions): string {
  const parts = [`${SIGN_IN_COOKIE}=${value}`, `Path=${SIGN_IN_COOKIE_PATH}`, `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Lax'];
  if (maxAgeSeconds === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
