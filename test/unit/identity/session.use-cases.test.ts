import { beforeEach, describe, expect, it } from 'vitest';
import { Authenticate } from '../../../src/modules/identity/application/authenticate.use-case.js';
import { Logout } from '../../../src/modules/identity/application/logout.use-case.js';
import { RefreshSession } from '../../../src/modules/identity/application/refresh-session.use-case.js';
import { JoseAccessTokens } from '../../../src/modules/identity/infra/jose.access-tokens.js';
import { AppError } from '../../../src/shared/app-error.js';
import { fixedClock } from '../../../src/shared/clock.js';
import { InMemorySessionRepository, InMemoryUserRepository } from '../../support/fakes/in-memory-identity.js';

describe('sessions', () => {
  const clock = fixedClock('2026-05-01T08:00:00Z');
  let users: InMemoryUserRepository;
  let sessions: InMemorySessionRepository;
  let tokens: JoseAccessTokens;
  let authenticate: Authenticate;
  let token: string;

  beforeEach(async () => {
    clock.set('2026-05-01T08:00:00Z');
    users = new InMemoryUserRepository();
    sessions = new InMemorySessionRepository(users);
    tokens = new JoseAccessTokens('unit-test-secret-unit-test-secret-0123');
    authenticate = new Authenticate(tokens, sessions, clock);
    const { user } = await users.upsertFromProvider({ provider: 'google', providerSubject: 's', email: 'a@b.co', name: 'A', picture: null, scopes: [], sealedRefreshToken: null });
    await sessions.create({ id: 'session-1', userId: user.id, expiresAt: new Date('2026-05-31T08:00:00Z') });
    token = await tokens.issue({ userId: user.id, sessionId: 'session-1' }, clock.now());
  });

  const rejects = (promise: Promise<unknown>) => expect(promise).rejects.toSatisfy((error) => error instanceof AppError && error.code === 'AUTH.UNAUTHENTICATED');

  it('authenticates a valid token of a live session', async () => {
    const principal = await authenticate.execute(token);
    expect(principal.sessionId).toBe('session-1');
    expect(principal.user.email).toBe('a@b.co');
    expect(principal.tokenExpiresAt.toISOString()).toBe('2026-05-01T09:00:00.000Z');
  });

  it('rejects a missing, foreign or expired token', async () => {
    await rejects(authenticate.execute(null));
    await rejects(authenticate.execute(await new JoseAccessTokens('another-secret-another-secret-0123456').issue({ userId: 'x', sessionId: 'session-1' }, clock.now())));
    clock.advance(60 * 60 * 1000);
    await rejects(authenticate.execute(token));
  });

  it('rejects a token whose session was revoked by logout', async () => {
    await new Logout(sessions, clock).execute('session-1');
    await rejects(authenticate.execute(token));
  });

  it('rejects a token whose session has ended while the token itself is still valid', async () => {
    const userId = [...users.rows.keys()][0] ?? '';
    await sessions.create({ id: 'session-short', userId, expiresAt: new Date('2026-05-01T08:30:00Z') });
    const shortLived = await tokens.issue({ userId, sessionId: 'session-short' }, clock.now());
    await expect(authenticate.execute(shortLived)).resolves.toMatchObject({ sessionId: 'session-short' });
    clock.advance(30 * 60 * 1000);
    await rejects(authenticate.execute(shortLived));
  });

  it('rejects a token of an unknown session', async () => {
    const userId = [...users.rows.keys()][0] ?? '';
    await rejects(authenticate.execute(await tokens.issue({ userId, sessionId: 'never-opened' }, clock.now())));
  });

  it('rejects a token whose user no longer exists, though the session is live', async () => {
    users.rows.clear();
    await rejects(authenticate.execute(token));
  });

  it('rejects a token whose session belongs to another user', async () => {
    const forged = await tokens.issue({ userId: 'someone-else', sessionId: 'session-1' }, clock.now());
    await rejects(authenticate.execute(forged));
  });

  it('refresh rotates: a new session with the same end, the old one revoked', async () => {
    const refresh = new RefreshSession(sessions, tokens, clock);
    const principal = await authenticate.execute(token);
    const { token: next } = await refresh.execute(principal, 'agent');
    const nextPrincipal = await authenticate.execute(next);
    expect(nextPrincipal.sessionId).not.toBe('session-1');
    expect(sessions.rows.get(nextPrincipal.sessionId)?.expiresAt.toISOString()).toBe('2026-05-31T08:00:00.000Z');
    await rejects(authenticate.execute(token));
    await rejects(refresh.execute(principal, 'agent'));
  });
});
