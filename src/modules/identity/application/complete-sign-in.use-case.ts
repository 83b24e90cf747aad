import { inject, injectable } from 'tsyringe';
import { CLOCK, type Clock } from '../../../shared/clock.js';
import { hasDocumentConsent } from '../domain/scopes.js';
import { boundStateKey, type SignInFailure } from '../domain/sign-in.js';
import { ACCESS_TOKENS, type AccessTokens } from './ports/access-token.port.js';
import { CodeExchangeError, IDENTITY_PROVIDER, type ExternalIdentity, type IdentityProvider } from './ports/identity-provider.port.js';
import { OAUTH_STATE_STORE, type OAuthStateStore } from './ports/oauth-state.store.port.js';
import { SECRET_SEALER, type SecretSealer } from './ports/secret-sealer.port.js';
import { SESSION_REPOSITORY, type SessionRepository } from './ports/session.repository.port.js';
import { USER_REPOSITORY, type UserRepository } from './ports/user.repository.port.js';
import { newSessionFields } from './open-session.js';

export interface CallbackInput {
  state?: string | undefined;
  code?: string | undefined;
  /** The provider's `error` parameter, e.g. `access_denied` when the user pressed Deny. */
  error?: string | undefined;
  /** The nonce from the sign-in cookie of the browser that opened the callback; null when it has none. */
  browserNonce: string | null;
  redirectUri: string;
  userAgent: string | null;
}

export type SignInResult =
  | { ok: true; token: string; userId: string; newUser: boolean }
  | { ok: false; reason: SignInFailure; detail: string };

/** Handles the provider's redirect back: every failure becomes one of the reasons the browser shows. */
@injectable()
export class CompleteSignIn {
  constructor(
    @inject(IDENTITY_PROVIDER) private readonly provider: IdentityProvider,
    @inject(OAUTH_STATE_STORE) private readonly states: OAuthStateStore,
    @inject(USER_REPOSITORY) private readonly users: UserRepository,
    @inject(SESSION_REPOSITORY) private readonly sessions: SessionRepository,
    @inject(ACCESS_TOKENS) private readonly tokens: AccessTokens,
    @inject(SECRET_SEALER) private readonly sealer: SecretSealer,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(input: CallbackInput): Promise<SignInResult> {
    const now = this.clock.now();
    // Without the starting browser's nonce nothing is looked up: the callback may be an attacker's URL.
    if (!input.browserNonce) {
      return { ok: false, reason: 'browser-mismatch', detail: 'no sign-in cookie: the sign-in was not started in this browser' };
    }
    // The state is consumed first, whatever else happens: a callback URL can never be replayed.
    const pending = input.state ? await this.states.consume(boundStateKey(input.state, input.browserNonce), now) : null;
    if (input.error) {
      return { ok: false, reason: 'missing-consent', detail: `provider answered ${input.error.slice(0, 64)}` };
    }
    if (!input.state || !pending) {
      return { ok: false, reason: 'invalid-state', detail: 'state missing, unknown, used, expired or started in another browser' };
    }
    if (!input.code) return { ok: false, reason: 'missing-code', detail: 'no authorization code' };

    let identity: ExternalIdentity;
    try {
      identity = await this.provider.exchangeCode({
        code: input.code,
        codeVerifier: pending.codeVerifier,
        redirectUri: input.redirectUri,
      });
    } catch (error) {
      if (error instanceof CodeExchangeError) {
        return { ok: false, reason: 'invalid-refresh', detail: error.message };
      }
      throw error;
    }
    if (!hasDocumentConsent(identity.grantedScopes)) {
      return { ok: false, reason: 'missing-consent', detail: 'document access was not granted' };
    }

    const { user, created } = await this.users.upsertFromProvider({
      provider: this.provider.name,
      providerSubject: identity.subject,
      email: identity.email,
      name: identity.name,
      picture: identity.picture,
      scopes: identity.grantedScopes,
      sealedRefreshToken: identity.refreshToken ? this.sealer.seal(identity.refreshToken) : null,
    });
    const session = await this.sessions.create(newSessionFields(user.id, now, input.userAgent));
    const token = await this.tokens.issue({ userId: user.id, sessionId: session.id }, now);
    return { ok: true, token, userId: user.id, newUser: created };
  }
}
