export { identityModule } from './identity.module.js';
export { Authenticate, type Principal } from './application/authenticate.use-case.js';
export { FindUsersByEmail } from './application/find-users-by-email.use-case.js';
export { SignInRetention } from './application/sign-in-retention.use-case.js';
export { requireAuth, principalOf, bearerToken, type AuthState } from './http/require-auth.middleware.js';
export type { User } from './domain/user.js';
export { USER_REPOSITORY, type UserRepository } from './application/ports/user.repository.port.js';
export { PROVIDER_CREDENTIALS, type ProviderCredentials } from './application/ports/provider-credentials.port.js';
export type { IdentityProvider } from './application/ports/identity-provider.port.js';
// Account deletion erases the user in a transaction the other modules join.
export { EraseUser } from './application/erase-user.use-case.js';
export type { AccountErasureStep } from './application/ports/account-records.port.js';
