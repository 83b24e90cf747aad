import { Router } from '@koa/router';
import type { RefreshResponse, SessionStatusResponse } from '../../../contract/session.js';
import type { Authenticate } from '../application/authenticate.use-case.js';
import type { Logout } from '../application/logout.use-case.js';
import type { RefreshSession } from '../application/refresh-session.use-case.js';
import { principalOf, requireAuth, type AuthState } from './require-auth.middleware.js';
import { presentUser } from './user.presenter.js';

export interface SessionRouteDeps {
  authenticate: Authenticate;
  refresh: RefreshSession;
  logout: Logout;
}

/** GET /api/status, POST /api/refresh (rotates), POST /api/logout (revokes). */
export function sessionRoutes(deps: SessionRouteDeps): Router<AuthState> {
  const router = new Router<AuthState>({ prefix: '/api' });
  const auth = requireAuth(deps.authenticate);

  router.get('/status', auth, (ctx) => {
    ctx.body = { user: presentUser(principalOf(ctx).user) } satisfies SessionStatusResponse;
  });

  router.post('/refresh', auth, async (ctx) => {
    const { token } = await deps.refresh.execute(principalOf(ctx), ctx.get('user-agent') || null);
    ctx.body = { token } satisfies RefreshResponse;
  });

  router.post('/logout', auth, async (ctx) => {
    await deps.logout.execute(principalOf(ctx).sessionId);
    ctx.status = 204;
  });

  return router;
}
