import { Router } from '@koa/router';
import { accountRoutes as routes } from '../../../contract/account.js';
import { contractRouter } from '../../../platform/http/contract-route.js';
import { JsonAttachment } from '../../../platform/http/json-attachment.js';
import { principalOf, requireAuth, type AuthState, type Authenticate } from '../../identity/index.js';
import type { DeleteAccount } from '../application/delete-account.use-case.js';
import type { ExportAccount } from '../application/export-account.use-case.js';
import { exportFileName, presentAccountExport } from './account.presenter.js';

export interface AccountRouteDeps {
  authenticate: Authenticate;
  exportAccount: ExportAccount;
  deleteAccount: DeleteAccount;
}

/** GET /api/account/export (a JSON attachment), POST /api/account/delete (204, every session ended). */
export function accountRoutes(deps: AccountRouteDeps): Router<AuthState> {
  const router = new Router<AuthState>();
  const on = contractRouter(router, { bearer: requireAuth(deps.authenticate) });

  on(routes.exportAccount, async (ctx) => {
    const data = await deps.exportAccount.execute(principalOf(ctx).user.id);
    return new JsonAttachment(presentAccountExport(data), exportFileName(data.exportedAt));
  });

  on(routes.deleteAccount, async (ctx, { body: { email } }) => {
    await deps.deleteAccount.execute(principalOf(ctx).user.id, email);
  });

  return router;
}
