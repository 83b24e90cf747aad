import { Router } from '@koa/router';
import { validate } from '../../../platform/http/validate.js';
import { principalOf, requireAuth, type AuthState, type Authenticate } from '../../identity/index.js';
import type { DeleteAccount } from '../application/delete-account.use-case.js';
import type { ExportAccount } from '../application/export-account.use-case.js';
import { exportFileName, presentAccountExport } from './account.presenter.js';
import { deleteAccountBody } from './account.schemas.js';

export interface AccountRouteDeps {
  authenticate: Authenticate;
  exportAccount: ExportAccount;
  deleteAccount: DeleteAccount;
}

/** GET /api/account/export (a JSON attachment), POST /api/account/delete (204, every session ended). */
export function accountRoutes(deps: AccountRouteDeps): Router<AuthState> {
  const router = new Router<AuthState>({ prefix: '/api/account' });
  const auth = requireAuth(deps.authenticate);

  router.get('/export', auth, async (ctx) => {
    const data = await deps.exportAccount.execute(principalOf(ctx).user.id);
    ctx.set('Content-Disposition', `attachment; filename="${exportFileName(data.exportedAt)}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(presentAccountExport(data), null, 2);
  });

  router.post('/delete', auth, async (ctx) => {
    const { email } = validate(deleteAccountBody, ctx.request.body);
    await deps.deleteAccount.execute(principalOf(ctx).user.id, email);
    ctx.status = 204;
  });

  return router;
}
