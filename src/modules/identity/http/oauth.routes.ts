import { Router } from '@koa/router';
import type { Logger } from 'pino';
import { z } from 'zod';
import { validate } from '../../../platform/http/validate.js';
import { OAUTH_STATE_LIFETIME_MS, parseSignInMode } from '../domain/sign-in.js';
import type { CompleteSignIn } from '../application/complete-sign-in.use-case.js';
import type { StartSignIn } from '../application/start-sign-in.use-case.js';
import { clearSignInCookie, setSignInCookie, signInNonceOf } from './sign-in-cookie.js';
import type { SlidingWindowLimiter } from '../../../platform/rate-limit/sliding-window-limiter.js';

export interface OAuthRouteDeps {
  start: StartSignIn;
  complete: CompleteSignIn;
  /** Absolute URL of /oauth/callback, as registered with the provider. */
  callbackUrl: string;
  /** The public URL is https: the sign-in cookie is sent with Secure. */
  secureCookies: boolean;
  throttle: SlidingWindowLimiter;
  logger: Logger;
}

const callbackQuery = z.object({
  state: z.string().max(512).optional(),
  code: z.string().max(4096).optional(),
  error: z.string().max(256).optional(),
});

/**
 * Browser navigations, not API calls: every outcome is a redirect into the web app, to /auth-success
 * with the app token or to /auth-error with a reason the page knows how to explain.
 */
export function oauthRoutes(deps: OAuthRouteDeps): Router {
  const router = new Router({ prefix: '/oauth' });
  const cookieOptions = { secure: deps.secureCookies };

  router.get('/callback', async (ctx) => {
    const query = validate(callbackQuery, ctx.query);
    const browserNonce = signInNonceOf(ctx);
    clearSignInCookie(ctx, cookieOptions);
    ctx.set('Cache-Control', 'no-store');
    const result = await deps.complete.execute({
      ...query,
      browserNonce,
      redirectUri: deps.callbackUrl,
      userAgent: ctx.get('user-agent') || null,
    });
    if (result.ok) {
      deps.logger.info({ userId: result.userId, newUser: result.newUser }, 'signed in');
      ctx.redirect(`/auth-success?token=${encodeURIComponent(result.token)}`);
      return;
    }
    deps.logger.warn({ reason: result.reason, detail: result.detail }, 'sign-in failed');
    ctx.redirect(`/auth-error?reason=${result.reason}`);
  });

  // Registered after /callback so that one wins; any other single segment is a sign-in mode.
  router.get('/:mode', async (ctx) => {
    const mode = parseSignInMode(ctx.params.mode ?? '');
    ctx.set('Cache-Control', 'no-store');
    if (!mode) {
      ctx.redirect('/auth-error?reason=unknown-mode');
      return;
    }
    if (!deps.throttle.tryAcquire(ctx.ip)) {
      deps.logger.warn({ ip: ctx.ip }, 'sign-in starts throttled');
      ctx.redirect('/auth-error?reason=too-many-attempts');
      return;
    }
    const { redirectTo, browserNonce } = await deps.start.execute({ mode, redirectUri: deps.callbackUrl });
    setSignInCookie(ctx, browserNonce, OAUTH_STATE_LIFETIME_MS / 1000, cookieOptions);
    ctx.redirect(redirectTo);
  });

  return router;
}
