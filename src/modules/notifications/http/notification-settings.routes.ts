import { Router } from '@koa/router';
import { notificationRoutes as routes } from '../../../contract/notifications.js';
import { contractRouter } from '../../../platform/http/contract-route.js';
import { principalOf, requireAuth, type AuthState, type Authenticate } from '../../identity/index.js';
import type { ManageNotificationSettings } from '../application/notification-settings.use-case.js';
import { presentNotificationSettings } from './notification-settings.presenter.js';

export interface NotificationSettingsRouteDeps {
  authenticate: Authenticate;
  settings: ManageNotificationSettings;
  /** Whether this installation sends mail at all (Settings says so when it does not). */
  delivering: boolean;
}

/** GET and PUT /api/notification-settings: the signed-in user's switches. */
export function notificationSettingsRoutes(deps: NotificationSettingsRouteDeps): Router<AuthState> {
  const router = new Router<AuthState>();
  const on = contractRouter(router, { bearer: requireAuth(deps.authenticate) });

  on(routes.notificationSettings, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return presentNotificationSettings(await deps.settings.get(principalOf(ctx).user.id), deps.delivering);
  });

  on(routes.updateNotificationSettings, async (ctx, { body }) => presentNotificationSettings(await deps.settings.update(principalOf(ctx).user.id, body), deps.delivering));

  return router;
}
