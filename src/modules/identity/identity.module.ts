import type { AppConfig } from '../../platform/config/config.js';
import type { AppModule, ModuleContext } from '../../platform/wiring/app-module.js';
import { provide } from '../../platform/wiring/overrides.js';
import { SlidingWindowLimiter } from '../../platform/rate-limit/sliding-window-limiter.js';
import { Authenticate } from './application/authenticate.use-case.js';
import { CompleteSignIn } from './application/complete-sign-in.use-case.js';
import { Logout } from './application/logout.use-case.js';
import { ACCESS_TOKENS } from './application/ports/access-token.port.js';
import { IDENTITY_PROVIDER, type IdentityProvider } from './application/ports/identity-provider.port.js';
import { OAUTH_STATE_STORE } from './application/ports/oauth-state.store.port.js';
import { PROVIDER_CREDENTIALS } from './application/ports/provider-credentials.port.js';
import { SECRET_SEALER } from './application/ports/secret-sealer.port.js';
import { SESSION_REPOSITORY } from './application/ports/session.repository.port.js';
import { SIGN_IN_RECORDS } from './application/ports/sign-in-records.port.js';
import { USER_REPOSITORY } from './application/ports/user.repository.port.js';
import { RefreshSession } from './application/refresh-session.use-case.js';
import { StartSignIn } from './application/start-sign-in.use-case.js';
import { devSignInRoutes } from './http/dev-sign-in.routes.js';
import { oauthRoutes } from './http/oauth.routes.js';
import { sessionRoutes } from './http/session.routes.js';
import { AesGcmSecretSealer } from './infra/aes-gcm.secret-sealer.js';
import { CachedSessionRepository } from './infra/cached.session.repository.js';
import { KnexAccountRecords } from './infra/knex.account-records.js';
import { ACCOUNT_RECORDS } from './application/ports/account-records.port.js';
import { DevIdentityProvider } from './infra/dev.identity-provider.js';
import { GoogleIdentityProvider } from './infra/google.identity-provider.js';
import { JoseAccessTokens } from './infra/jose.access-tokens.js';
import { KnexOAuthStateStore } from './infra/knex.oauth-state.store.js';
import { KnexProviderCredentials } from './infra/knex.provider-credentials.js';
import { KnexSessionRepository } from './infra/knex.session.repository.js';
import { KnexSignInRecords } from './infra/knex.sign-in-records.js';
import { KnexUserRepository } from './infra/knex.user.repository.js';
import { MINUTE_MS } from '../../shared/clock.js';

/** Checked sessions kept in memory at most: a few MB, far above the users one process serves at once. */
const SESSION_CACHE_ENTRIES = 10_000;

/** Sign-in starts allowed per client address and minute: far above a person's, far below a flood's. */
const SIGN_IN_STARTS_PER_MINUTE = 60;

/**
 * Users, sessions and sign-in. `AUTH_PROVIDER` picks Google OAuth or the embedded dev provider; the dev
 * provider brings its own consent page (/oauth/dev/*), mounted only when this module built it.
 */
export function identityModule({ container: c, config, db, logger, clock, notifications }: ModuleContext): AppModule {
  const sealer = new AesGcmSecretSealer(config.ENCRYPTION_KEY);
  c.register(SECRET_SEALER, { useValue: sealer });
  c.register(ACCESS_TOKENS, { useValue: new JoseAccessTokens(config.JWT_SECRET) });
  c.register(USER_REPOSITORY, { useValue: new KnexUserRepository(db) });
  const sessions = new KnexSessionRepository(db);
  c.register(SESSION_REPOSITORY, {
    useValue:
      config.SESSION_CACHE_SECONDS > 0
        ? new CachedSessionRepository(sessions, notifications, { ttlMs: config.SESSION_CACHE_SECONDS * 1000, maxEntries: SESSION_CACHE_ENTRIES, now: () => clock.now().getTime() })
        : sessions,
  });
  c.register(OAUTH_STATE_STORE, { useValue: new KnexOAuthStateStore(db) });
  c.register(SIGN_IN_RECORDS, { useValue: new KnexSignInRecords(db) });
  c.register(ACCOUNT_RECORDS, { useValue: new KnexAccountRecords(db) });
  c.register(PROVIDER_CREDENTIALS, { useValue: new KnexProviderCredentials(db, sealer) });
  // Null when a test's provider stands (a local fake Google): its pages are not mounted then.
  const dev = config.AUTH_PROVIDER === 'dev' ? provide(c, IDENTITY_PROVIDER, () => new DevIdentityProvider(config.PUBLIC_URL, sealer, () => clock.now())) : null;
  if (config.AUTH_PROVIDER === 'google') provide(c, IDENTITY_PROVIDER, () => googleIdentityProvider(config));

  const callbackUrl = `${config.PUBLIC_URL}/oauth/callback`;
  return {
    name: 'identity',
    http: {
      routers: () => [
        ...(dev ? [devSignInRoutes(dev, callbackUrl)] : []),
        oauthRoutes({
          start: c.resolve(StartSignIn),
          complete: c.resolve(CompleteSignIn),
          callbackUrl,
          secureCookies: config.PUBLIC_URL.startsWith('https://'),
          throttle: new SlidingWindowLimiter(SIGN_IN_STARTS_PER_MINUTE, MINUTE_MS),
          logger,
        }),
        sessionRoutes({ authenticate: c.resolve(Authenticate), refresh: c.resolve(RefreshSession), logout: c.resolve(Logout) }),
      ],
    },
  };
}

function googleIdentityProvider(config: AppConfig): IdentityProvider {
  // Config validation guarantees both are present when AUTH_PROVIDER=google.
  return new GoogleIdentityProvider({ clientId: config.GOOGLE_CLIENT_ID ?? '', clientSecret: config.GOOGLE_CLIENT_SECRET ?? '' });
}
