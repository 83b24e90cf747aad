import { Router } from '@koa/router';
import { validate } from '../../../platform/http/validate.js';
import { principalOf, requireAuth, type AuthState, type Authenticate } from '../../identity/index.js';
import type { ManageNotificationSettings } from '../application/notification-settings.use-case.js';
import { presentNotificationSettings } from './notification-settings.presenter.js';
import { notificationSettingsBody } from './notification-settings.schemas.js';

export interface NotificationSettingsRouteDeps {
  authenticate: Authenticate;
  settings: ManageNotificationSettings;
  /** Whether this installation sends mail at all (Settings says so when it does not). */
  delivering: boolean;
}

/** GET and PUT /api/notification-settings: the signed-in user's switches. */
export function notificationSettingsRoutes(deps: NotificationSettingsRouteDeps): Router<AuthState> {
  const router = new Router<AuthState>({ prefix: '/api' });
  const auth = requireAuth(deps.authenticate);

  router.get('/notification-settings', auth, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentNotificationSettings(await deps.settings.get(principalOf(ctx).user.id), deps.delivering);
  });

  router.put('/notification-settings', auth, async (ctx) => {
    const changes = validate(notificationSettingsBody, ctx.request.body);
    ctx.body = presentNotificationSettings(await deps.settings.update(principalOf(ctx).user.id, changes), deps.delivering);
  });

  return router;
}
