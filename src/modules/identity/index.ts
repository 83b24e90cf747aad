import type { DependencyContainer } from 'tsyringe';
import type { Router } from '@koa/router';
import { LOGGER, type Logger } from '../../platform/logging/logger.js';
import { Authenticate } from './application/authenticate.use-case.js';
import { CompleteSignIn } from './application/complete-sign-in.use-case.js';
import { Logout } from './application/logout.use-case.js';
import { RefreshSession } from './application/refresh-session.use-case.js';
import { StartSignIn } from './application/start-sign-in.use-case.js';
import { IDENTITY_PROVIDER, type IdentityProvider } from './application/ports/identity-provider.port.js';
import { DevIdentityProvider } from './infra/dev.identity-provider.js';
import { devSignInRoutes } from './http/dev-sign-in.routes.js';
import { oauthRoutes } from './http/oauth.routes.js';
import { sessionRoutes } from './http/session.routes.js';

export { Authenticate, type Principal } from './application/authenticate.use-case.js';
export { requireAuth, principalOf, type AuthState } from './http/require-auth.middleware.js';
export type { User } from './domain/user.js';
export { USER_REPOSITORY, type UserRepository } from './application/ports/user.repository.port.js';
export { PROVIDER_CREDENTIALS, type ProviderCredentials } from './application/ports/provider-credentials.port.js';

/** The identity module's HTTP surface: /oauth/* for browser sign-in, /api/status|refresh|logout. */
export function identityRouters(c: DependencyContainer, publicUrl: string): Router[] {
  const callbackUrl = `${publicUrl}/oauth/callback`;
  const logger = c.resolve<Logger>(LOGGER);
  const provider = c.resolve<IdentityProvider>(IDENTITY_PROVIDER);
  const routers: Router[] = [];
  if (provider instanceof DevIdentityProvider) routers.push(devSignInRoutes(provider, callbackUrl));
  routers.push(
    oauthRoutes({ start: c.resolve(StartSignIn), complete: c.resolve(CompleteSignIn), callbackUrl, logger }),
    sessionRoutes({ authenticate: c.resolve(Authenticate), refresh: c.resolve(RefreshSession), logout: c.resolve(Logout) }),
  );
  return routers;
}
