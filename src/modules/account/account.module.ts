import type { AppModule, ModuleContext } from '../../platform/wiring/app-module.js';
import { Authenticate } from '../identity/index.js';
import { DeleteAccount } from './application/delete-account.use-case.js';
import { ExportAccount } from './application/export-account.use-case.js';
import { accountRoutes } from './http/account.routes.js';

/**
 * The account as a whole: its export and its deletion, composed from the other modules' surfaces. This
 * module owns no table and registers nothing.
 */
export function accountModule({ container: c }: ModuleContext): AppModule {
  return {
    name: 'account',
    http: {
      routers: () => [accountRoutes({ authenticate: c.resolve(Authenticate), exportAccount: c.resolve(ExportAccount), deleteAccount: c.resolve(DeleteAccount) })],
    },
  };
}
