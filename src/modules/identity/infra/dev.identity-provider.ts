import { z } from 'zod';
import { DOCS_SCOPE, SIGN_IN_SCOPES } from '../domain/scopes.js';
import { s256Challenge } from '../application/pkce.js';
import { CodeExchangeError, type AuthorizationRequest, type CodeExchange, type ExternalIdentity, type IdentityProvider } from '../application/ports/identity-provider.port.js';
import type { SecretSealer } from '../application/ports/secret-sealer.port.js';
import { MINUTE_MS } from '../../../shared/clock.js';

const CODE_LIFETIME_MS = 5 * MINUTE_MS;

const codeContent = z.object({
  email: z.email(),
  name: z.string(),
  scopes: z.array(z.string()),
  challenge: z.string(),
  redirectUri: z.string(),
  expiresAt: z.number(),
});

export interface DevConsent {
  email: string;
  name: string;
  grantDocs: boolean;
  codeChallenge: string;
  redirectUri: string;
}

/**
 * A local stand-in for Google's consent screen, for development without any account. It speaks the same
 * code + PKCE flow (the code is a sealed, short-lived blob), so the real callback handles it unchanged.
 * The composition root refuses it in production.
 */
export class DevIdentityProvider implements IdentityProvider {
  readonly name = 'dev' as const;

  constructor(
    private readonly publicUrl: string,
    private readonly sealer: SecretSealer,
    private readonly now: () => Date = () => new Date(),
  ) {}

  authorizationUrl(request: AuthorizationRequest): string {
    const url = new URL('/oauth/dev/authorize', this.publicUrl);
    url.searchParams.set('state', request.state);
    url.searchParams.set('code_challenge', request.codeChallenge);
    url.searchParams.set('redirect_uri', request.redirectUri);
    url.searchParams.set('scope', SIGN_IN_SCOPES.join(' '));
    return url.toString();
  }

  /** Called by the dev consent form when the user presses Allow. */
  issueCode(consent: DevConsent): string {
    const scopes = SIGN_IN_SCOPES.filter((scope) => consent.grantDocs || scope !== DOCS_SCOPE);
    return this.sealer.seal(
      JSON.stringify({
        email: consent.email.trim().toLowerCase(),
        name: consent.name.trim() || consent.email.trim(),
        scopes,
        challenge: consent.codeChallenge,
        redirectUri: consent.redirectUri,
        expiresAt: this.now().getTime() + CODE_LIFETIME_MS,
      }),
    );
  }

  exchangeCode(exchange: CodeExchange): Promise<ExternalIdentity> {
    let content: z.infer<typeof codeContent>;
    try {
      content = codeContent.parse(JSON.parse(this.sealer.open(exchange.code)));
    } catch (error) {
      return Promise.reject(new CodeExchangeError('The dev sign-in code is not valid', { cause: error }));
    }
    if (content.expiresAt <= this.now().getTime()) return Promise.reject(new CodeExchangeError('The dev sign-in code expired'));
    if (content.redirectUri !== exchange.redirectUri) return Promise.reject(new CodeExchangeError('redirect_uri mismatch'));
    if (content.challenge !== s256Challenge(exchange.codeVerifier)) return Promise.reject(new CodeExchangeError('PKCE verifier mismatch'));
    return Promise.resolve({
      subject: `dev:${content.email}`,
      email: content.email,
      name: content.name,
      picture: null,
      grantedScopes: content.scopes,
      refreshToken: null,
    });
  }
}
