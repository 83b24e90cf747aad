import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Authenticate } from '../../../src/modules/identity/application/authenticate.use-case.js';
import { Logout } from '../../../src/modules/identity/application/logout.use-case.js';
import { RefreshSession } from '../../../src/modules/identity/application/refresh-session.use-case.js';
import type { Session } from '../../../src/modules/identity/domain/session.js';
import type { User } from '../../../src/modules/identity/domain/user.js';
import { CachedSessionRepository, SESSION_ENDED_SIGNAL } from '../../../src/modules/identity/infra/cached.session.repository.js';
import { JoseAccessTokens } from '../../../src/modules/identity/infra/jose.access-tokens.js';
import { AppError } from '../../../src/shared/app-error.js';
import { fixedClock } from '../../../src/shared/clock.js';
import { FakeSignals } from '../../support/fakes/fake-signals.js';
import { InMemorySessionRepository, InMemoryUserRepository } from '../../support/fakes/in-memory-identity.js';

/** The database's side: each lookup is a fresh copy of the row (as a query returns), and counted. */
class CountingSessions extends InMemorySessionRepository {
  lookups = 0;
  /** When set, the next lookup waits for it: a read racing with a change elsewhere. */
  gate: Promise<void> | null = null;

  override async findWithUser(id: string): Promise<{ session: Session; user: User } | null> {
    this.lookups += 1;
    const found = await super.findWithUser(id);
    const copy = found ? structuredClone(found) : null;
    if (this.gate) await this.gate;
    return copy;
  }
}

const TTL_MS = 5_000;

describe('sessions checked from a short in-process cache', () => {
  const clock = fixedClock('2026-05-01T08:00:00Z');
  const tokens = new JoseAccessTokens('unit-test-secret-unit-test-secret-0123');
  let rows: CountingSessions;
  let signals: FakeSignals;
  let cached: CachedSessionRepository;
  let authenticate: Authenticate;
  let userId: string;
  let token: string;

  beforeEach(async () => {
    clock.set('2026-05-01T08:00:00Z');
    const users = new InMemoryUserRepository();
    rows = new CountingSessions(users);
    signals = new FakeSignals();
    cached = new CachedSessionRepository(rows, signals, { ttlMs: TTL_MS, maxEntries: 3, now: () => clock.now().getTime() });
    authenticate = new Authenticate(tokens, cached, clock);
    ({
      user: { id: userId },
    } = await users.upsertFromProvider({ provider: 'google', providerSubject: 's', email: 'a@b.co', name: 'A', picture: null, scopes: [], sealedRefreshToken: null }));
    token = await openSession('session-1');
  });

  async function openSession(id: string): Promise<string> {
    await rows.create({ id, userId, expiresAt: new Date('2026-05-31T08:00:00Z') });
    return tokens.issue({ userId, sessionId: id }, clock.now());
  }

  const refused = (promise: Promise<unknown>) => expect(promise).rejects.toSatisfy((error) => error instanceof AppError && error.code === 'AUTH.UNAUTHENTICATED');

  it('reads a session once while its entry is fresh, and again once it has expired', async () => {
    await authenticate.execute(token);
    clock.advance(TTL_MS - 1);
    await authenticate.execute(token);
    expect(rows.lookups).toBe(1);
    clock.advance(1);
    await authenticate.execute(token);
    expect(rows.lookups).toBe(2);
  });

  it('refuses the token at once after a logout here, and tells the other processes', async () => {
    await authenticate.execute(token);
    await new Logout(cached, clock).execute('session-1');
    await refused(authenticate.execute(token));
    expect(signals.sent).toEqual([{ topic: SESSION_ENDED_SIGNAL, key: 'session-1' }]);
  });

  it('refuses the old token at once after a refresh, and accepts the new one', async () => {
    const principal = await authenticate.execute(token);
    const { token: next } = await new RefreshSession(cached, tokens, clock).execute(principal, null);
    await refused(authenticate.execute(token));
    expect((await authenticate.execute(next)).user.id).toBe(userId);
    expect(signals.sent).toEqual([{ topic: SESSION_ENDED_SIGNAL, key: 'session-1' }]);
  });

  it('drops an entry when another process signals that its session ended', async () => {
    await authenticate.execute(token);
    // The other process revoked the row and signalled it.
    await rows.revoke('session-1', clock.now());
    signals.listeners.signal(SESSION_ENDED_SIGNAL, 'session-1');
    await refused(authenticate.execute(token));
  });

  it('empties when signals may have been missed', async () => {
    await authenticate.execute(token);
    await rows.revoke('session-1', clock.now());
    signals.listeners.reset();
    await refused(authenticate.execute(token));
  });

  it('reads the row on every check while this process does not hear every signal', async () => {
    signals.hearing = false;
    await authenticate.execute(token);
    await authenticate.execute(token);
    expect(rows.lookups).toBe(2);
  });

  it('does not keep an answer read before a session ended while the read was under way', async () => {
    let release = () => undefined as void;
    rows.gate = new Promise<void>((resolve) => (release = resolve));
    const racing = authenticate.execute(token);
    await vi.waitFor(() => expect(rows.lookups).toBe(1));
    await rows.revoke('session-1', clock.now());
    signals.listeners.signal(SESSION_ENDED_SIGNAL, 'session-1');
    release();
    // This check read the row before the revocation: it may pass, but must not be remembered.
    await racing;
    rows.gate = null;
    await refused(authenticate.execute(token));
  });

  it('keeps at most its bound of entries, dropping the oldest', async () => {
    const others = [await openSession('session-2'), await openSession('session-3'), await openSession('session-4')];
    for (const each of [token, ...others]) await authenticate.execute(each);
    expect(rows.lookups).toBe(4);
    await authenticate.execute(others[2] ?? '');
    expect(rows.lookups).toBe(4);
    // The first one was dropped to make room.
    await authenticate.execute(token);
    expect(rows.lookups).toBe(5);
  });
});
