import { inject, injectable } from 'tsyringe';
import { CLOCK, type Clock } from '../../../shared/clock.js';
import { randomToken } from '../../../shared/ids.js';
import { boundStateKey, OAUTH_STATE_LIFETIME_MS, type SignInMode } from '../domain/sign-in.js';
import { IDENTITY_PROVIDER, type IdentityProvider } from './ports/identity-provider.port.js';
import { OAUTH_STATE_STORE, type OAuthStateStore } from './ports/oauth-state.store.port.js';
import { newCodeVerifier, s256Challenge } from './pkce.js';

/**
 * Begins an authorization-code + PKCE sign-in: returns where to send the browser, and the nonce the
 * browser must keep (in a cookie) and bring back to the callback.
 */
@injectable()
export class StartSignIn {
  constructor(
    @inject(IDENTITY_PROVIDER) private readonly provider: IdentityProvider,
    @inject(OAUTH_STATE_STORE) private readonly states: OAuthStateStore,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(input: { mode: SignInMode; redirectUri: string }): Promise<{ redirectTo: string; browserNonce: string; expiresAt: Date }> {
    const state = randomToken(24);
    const browserNonce = randomToken(24);
    const codeVerifier = newCodeVerifier();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + OAUTH_STATE_LIFETIME_MS);
    await this.states.save(boundStateKey(state, browserNonce), { mode: input.mode, codeVerifier }, expiresAt, now);
    const redirectTo = this.provider.authorizationUrl({
      state,
      codeChallenge: s256Challenge(codeVerifier),
      redirectUri: input.redirectUri,
    });
    return { redirectTo, browserNonce, expiresAt };
  }
}
