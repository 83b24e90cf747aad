import type { Middleware } from 'koa';

export interface SecurityHeaderOptions {
  /** Send HSTS: only when the public URL is https. */
  https: boolean;
  /** Extra origins allowed to be framed (an embedded video on the landing page). */
  frameSources?: string[];
}

/** A strict policy: no inline script, no framing of the app, no referrer (a token passes once through a URL). */
export function securityHeaders(options: SecurityHeaderOptions): Middleware {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // Chart and UI libraries set style attributes at run time; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    `frame-src ${options.frameSources?.length ? options.frameSources.join(' ') : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return async (ctx, next) => {
    ctx.set('Content-Security-Policy', csp);
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (options.https) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    await next();
  };
}
