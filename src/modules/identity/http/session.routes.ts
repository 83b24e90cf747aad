import { Router } from '@koa/router';
import { sessionRoutes as routes } from '../../../contract/session.js';
import { contractRouter } from '../../../platform/http/contract-route.js';
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
  const router = new Router<AuthState>();
  const on = contractRouter(router, { bearer: requireAuth(deps.authenticate) });

  on(routes.sessionStatus, (ctx) => ({ user: presentUser(principalOf(ctx).user) }));

  on(routes.refreshSession, async (ctx) => {
    const { token } = await deps.refresh.execute(principalOf(ctx), ctx.get('user-agent') || null);
    return { token };
  });

  on(routes.logout, async (ctx) => {
    await deps.logout.execute(principalOf(ctx).sessionId);
  });

  return router;
}
