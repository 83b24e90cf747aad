import type { Session } from '../../../src/modules/identity/domain/session.js';
import type { User } from '../../../src/modules/identity/domain/user.js';
import {
  CodeExchangeError,
  type AuthorizationRequest,
  type CodeExchange,
  type ExternalIdentity,
  type IdentityProvider,
} from '../../../src/modules/identity/application/ports/identity-provider.port.js';
import type { OAuthStateStore, PendingSignIn } from '../../../src/modules/identity/application/ports/oauth-state.store.port.js';
import type { SecretSealer } from '../../../src/modules/identity/application/ports/secret-sealer.port.js';
import type { SessionRepository } from '../../../src/modules/identity/application/ports/session.repository.port.js';
import type { UpsertUserInput, UserRepository } from '../../../src/modules/identity/application/ports/user.repository.port.js';
import { DOCS_SCOPE } from '../../../src/modules/identity/domain/scopes.js';
import { newId } from '../../../src/shared/ids.js';

export class InMemoryUserRepository implements UserRepository {
  readonly rows = new Map<string, User & { sealedRefreshToken: string | null; scopes: string[] }>();

  upsertFromProvider(input: UpsertUserInput): Promise<{ user: User; created: boolean }> {
    const existing = [...this.rows.values()].find((row) => row.provider === input.provider && row.providerSubject === input.providerSubject);
    const row = {
      id: existing?.id ?? newId(),
      provider: input.provider,
      providerSubject: input.providerSubject,
      email: input.email,
      name: input.name,
      picture: input.picture,
      createdAt: existing?.createdAt ?? new Date(),
      scopes: input.scopes,
      sealedRefreshToken: input.sealedRefreshToken ?? existing?.sealedRefreshToken ?? null,
    };
    this.rows.set(row.id, row);
    return Promise.resolve({ user: row, created: !existing });
  }

  findById(id: string): Promise<User | null> {
    return Promise.resolve(this.rows.get(id) ?? null);
  }

  findByEmail(email: string): Promise<User[]> {
    return Promise.resolve([...this.rows.values()].filter((row) => row.email.toLowerCase() === email.toLowerCase()));
  }
}

export class InMemorySessionRepository implements SessionRepository {
  readonly rows = new Map<string, Session>();

  /** `users` stands in for the users table that `findWithUser` joins. */
  constructor(private readonly users: InMemoryUserRepository = new InMemoryUserRepository()) {}

  create(session: { id: string; userId: string; expiresAt: Date }): Promise<Session> {
    const row = { id: session.id, userId: session.userId, expiresAt: session.expiresAt, createdAt: new Date(), revokedAt: null };
    this.rows.set(row.id, row);
    return Promise.resolve(row);
  }

  findById(id: string): Promise<Session | null> {
    return Promise.resolve(this.rows.get(id) ?? null);
  }

  async findWithUser(id: string): Promise<{ session: Session; user: User } | null> {
    const session = this.rows.get(id);
    const user = session ? await this.users.findById(session.userId) : null;
    return session && user ? { session, user } : null;
  }

  async rotate(oldId: string, next: { id: string; userId: string; expiresAt: Date }, now: Date): Promise<boolean> {
    const old = this.rows.get(oldId);
    if (!old || old.revokedAt || old.expiresAt <= now) return false;
    old.revokedAt = now;
    await this.create(next);
    return true;
  }

  revoke(id: string, now: Date): Promise<void> {
    const row = this.rows.get(id);
    if (row && !row.revokedAt) row.revokedAt = now;
    return Promise.resolve();
  }
}

export class InMemoryOAuthStateStore implements OAuthStateStore {
  readonly rows = new Map<string, PendingSignIn & { expiresAt: Date }>();

  save(state: string, pending: PendingSignIn, expiresAt: Date): Promise<void> {
    this.rows.set(state, { ...pending, expiresAt });
    return Promise.resolve();
  }

  consume(state: string, now: Date): Promise<PendingSignIn | null> {
    const row = this.rows.get(state);
    this.rows.delete(state);
    if (!row || row.expiresAt <= now) return Promise.resolve(null);
    return Promise.resolve({ mode: row.mode, codeVerifier: row.codeVerifier });
  }
}

/** A provider that accepts exactly the codes it was told about, with the verifier it was told about. */
export class FakeIdentityProvider implements IdentityProvider {
  readonly name = 'google' as const;
  readonly exchanges: CodeExchange[] = [];
  private readonly codes = new Map<string, { verifier: string | null; identity: ExternalIdentity }>();

  authorizationUrl(request: AuthorizationRequest): string {
    const url = new URL('https://provider.test/authorize');
    url.searchParams.set('state', request.state);
    url.searchParams.set('code_challenge', request.codeChallenge);
    url.searchParams.set('redirect_uri', request.redirectUri);
    return url.toString();
  }

  willAccept(code: string, identity: Partial<ExternalIdentity> = {}, verifier: string | null = null): void {
    this.codes.set(code, {
      verifier,
      identity: {
        subject: 'sub-1',
        email: 'ada@example.com',
        name: 'Ada',
        picture: null,
        grantedScopes: ['openid', 'email', 'profile', DOCS_SCOPE],
        refreshToken: 'refresh-1',
        ...identity,
      },
    });
  }

  exchangeCode(exchange: CodeExchange): Promise<ExternalIdentity> {
    this.exchanges.push(exchange);
    const known = this.codes.get(exchange.code);
    if (!known || (known.verifier !== null && known.verifier !== exchange.codeVerifier)) {
      return Promise.reject(new CodeExchangeError('invalid_grant'));
    }
    return Promise.resolve(known.identity);
  }
}

/** Reversible and recognisable, so tests can see what was sealed. */
export const reversingSealer: SecretSealer = {
  seal: (plaintext) => `sealed:${[...plaintext].reverse().join('')}`,
  open: (sealed) => [...sealed.replace(/^sealed:/, '')].reverse().join(''),
};
