import { beforeAll, describe, expect, it } from 'vitest';
import { Authenticate } from '../../../src/modules/identity/application/authenticate.use-case.js';
import { JoseAccessTokens } from '../../../src/modules/identity/infra/jose.access-tokens.js';
import { KnexOAuthStateStore } from '../../../src/modules/identity/infra/knex.oauth-state.store.js';
import { KnexSessionRepository } from '../../../src/modules/identity/infra/knex.session.repository.js';
import { KnexUserRepository } from '../../../src/modules/identity/infra/knex.user.repository.js';
import { AppError } from '../../../src/shared/app-error.js';
import { fixedClock } from '../../../src/shared/clock.js';
import { newId } from '../../../src/shared/ids.js';
import { databaseKinds } from '../../support/test-database.js';
import { useTestDatabase } from '../../support/use-test-app.js';

const aProviderUser = (overrides: Partial<Parameters<KnexUserRepository['upsertFromProvider']>[0]> = {}) => ({
  provider: 'google',
  providerSubject: 'sub-1',
  email: 'ada@example.com',
  name: 'Ada',
  picture: null,
  scopes: ['openid'],
  sealedRefreshToken: 'sealed-1',
  ...overrides,
});

describe.each(databaseKinds())('identity repositories (%s)', (kind) => {
  const database = useTestDatabase(kind, { resetAfterEach: true });
  let users: KnexUserRepository;
  let sessions: KnexSessionRepository;
  let states: KnexOAuthStateStore;

  beforeAll(async () => {
    users = new KnexUserRepository(database.db);
    sessions = new KnexSessionRepository(database.db);
    states = new KnexOAuthStateStore(database.db);
  });

  describe('users', () => {
    it('creates a user once per provider account and updates the profile afterwards', async () => {
      const first = await users.upsertFromProvider(aProviderUser());
      const second = await users.upsertFromProvider(aProviderUser({ name: 'Ada L.', picture: 'https://pic', sealedRefreshToken: null }));
      expect(first.created).toBe(true);
      expect(second.created).toBe(false);
      expect(second.user.id).toBe(first.user.id);
      expect(await users.findById(first.user.id)).toMatchObject({ name: 'Ada L.', picture: 'https://pic', email: 'ada@example.com' });
      const row = (await database.db('users').where({ id: first.user.id }).first()) as { provider_refresh_token_enc: string };
      expect(row.provider_refresh_token_enc).toBe('sealed-1');
    });

    it('keeps accounts of different providers apart', async () => {
      const google = await users.upsertFromProvider(aProviderUser());
      const dev = await users.upsertFromProvider(aProviderUser({ provider: 'dev' }));
      expect(dev.user.id).not.toBe(google.user.id);
    });

    it('creates exactly one user when the same account signs in twice at once', async () => {
      const results = await Promise.all([1, 2, 3, 4].map(() => users.upsertFromProvider(aProviderUser())));
      expect(new Set(results.map((result) => result.user.id)).size).toBe(1);
      expect(results.filter((result) => result.created)).toHaveLength(1);
    });

    it('finds nobody for an unknown id', async () => {
      expect(await users.findById(newId())).toBeNull();
    });
  });

  describe('sessions', () => {
    const now = new Date('2026-02-01T00:00:00Z');
    const end = new Date('2026-03-01T00:00:00Z');

    async function aSession() {
      const { user } = await users.upsertFromProvider(aProviderUser());
      return sessions.create({ id: newId(), userId: user.id, expiresAt: end, userAgent: 'ua' });
    }

    it('creates, finds and revokes a session', async () => {
      const session = await aSession();
      expect(await sessions.findById(session.id)).toMatchObject({ id: session.id, expiresAt: end, revokedAt: null });
      await sessions.revoke(session.id, now);
      expect((await sessions.findById(session.id))?.revokedAt).toEqual(now);
    });

    it('rotates a live session exactly once, even when asked concurrently', async () => {
      const session = await aSession();
      const attempts = await Promise.all(
        [1, 2, 3, 4, 5].map(() => sessions.rotate(session.id, { id: newId(), userId: session.userId, expiresAt: end, userAgent: null }, now)),
      );
      expect(attempts.filter(Boolean)).toHaveLength(1);
      expect(await database.db('sessions').count({ n: '*' }).first()).toEqual({ n: 2 });
    });

    it('finds a session together with its user, mapped as findById and the user repository map them', async () => {
      const session = await aSession();
      expect(await sessions.findWithUser(session.id)).toEqual({ session: await sessions.findById(session.id), user: await users.findById(session.userId) });
    });

    it('finds a revoked or ended session with its user too: whether it is live is the caller’s question', async () => {
      const session = await aSession();
      await sessions.revoke(session.id, now);
      expect((await sessions.findWithUser(session.id))?.session).toMatchObject({ id: session.id, revokedAt: now, expiresAt: end });
    });

    it('finds nothing for an unknown session, or once its user is deleted', async () => {
      const session = await aSession();
      expect(await sessions.findWithUser(newId())).toBeNull();
      await database.db('users').where({ id: session.userId }).delete();
      expect(await sessions.findWithUser(session.id)).toBeNull();
    });

    it('does not rotate a revoked or ended session', async () => {
      const session = await aSession();
      expect(await sessions.rotate(session.id, { id: newId(), userId: session.userId, expiresAt: end, userAgent: null }, end)).toBe(false);
      await sessions.revoke(session.id, now);
      expect(await sessions.rotate(session.id, { id: newId(), userId: session.userId, expiresAt: end, userAgent: null }, now)).toBe(false);
    });
  });

  describe('authenticating a token against the stored session and user', () => {
    const clock = fixedClock('2026-02-01T00:00:00Z');
    const tokens = new JoseAccessTokens('integration-secret-integration-secret-01');
    const refused = (promise: Promise<unknown>) => expect(promise).rejects.toSatisfy((error) => error instanceof AppError && error.code === 'AUTH.UNAUTHENTICATED');

    async function signedIn(expiresAt = new Date('2026-03-01T00:00:00Z')) {
      clock.set('2026-02-01T00:00:00Z');
      const { user } = await users.upsertFromProvider(aProviderUser());
      const session = await sessions.create({ id: newId(), userId: user.id, expiresAt, userAgent: null });
      return { user, session, token: await tokens.issue({ userId: user.id, sessionId: session.id }, clock.now()) };
    }

    it('accepts a live session and loads its user', async () => {
      const { user, session, token } = await signedIn();
      const principal = await new Authenticate(tokens, sessions, clock).execute(token);
      expect(principal).toEqual({ user, sessionId: session.id, tokenExpiresAt: new Date('2026-02-01T01:00:00Z') });
    });

    it('refuses a revoked session', async () => {
      const { session, token } = await signedIn();
      await sessions.revoke(session.id, clock.now());
      await refused(new Authenticate(tokens, sessions, clock).execute(token));
    });

    it('refuses a session that has ended while the token is still valid', async () => {
      const { token } = await signedIn(new Date('2026-02-01T00:30:00Z'));
      clock.advance(30 * 60 * 1000);
      await refused(new Authenticate(tokens, sessions, clock).execute(token));
    });

    it('refuses a token whose user was deleted', async () => {
      const { user, token } = await signedIn();
      await database.db('users').where({ id: user.id }).delete();
      await refused(new Authenticate(tokens, sessions, clock).execute(token));
    });

    it('refuses a token naming another user than the session’s', async () => {
      const { session } = await signedIn();
      const { user: other } = await users.upsertFromProvider(aProviderUser({ providerSubject: 'sub-2' }));
      const forged = await tokens.issue({ userId: other.id, sessionId: session.id }, clock.now());
      await refused(new Authenticate(tokens, sessions, clock).execute(forged));
    });
  });

  describe('oauth states', () => {
    const now = new Date('2026-02-01T00:00:00Z');
    const later = new Date('2026-02-01T00:10:00Z');

    it('gives a pending sign-in back exactly once, and stores only a hash of the state', async () => {
      await states.save('state-abc', { mode: 'register', codeVerifier: 'verifier' }, later, now);
      expect(await database.db('oauth_states').where({ state_hash: 'state-abc' }).first()).toBeUndefined();
      const consumed = await Promise.all([states.consume('state-abc', now), states.consume('state-abc', now)]);
      expect(consumed.filter(Boolean)).toEqual([{ mode: 'register', codeVerifier: 'verifier' }]);
    });

    it('gives nothing for an expired or unknown state', async () => {
      await states.save('state-old', { mode: 'login', codeVerifier: 'v' }, later, now);
      expect(await states.consume('state-old', later)).toBeNull();
      expect(await states.consume('never-issued', now)).toBeNull();
    });

    it('purges expired states as soon as a new sign-in is saved, keeping live ones', async () => {
      const earlier = new Date('2026-01-31T23:55:00Z');
      await states.save('state-expiring', { mode: 'login', codeVerifier: 'v1' }, later, earlier);
      await states.save('state-live', { mode: 'login', codeVerifier: 'v2' }, new Date('2026-02-01T00:20:00Z'), earlier);
      expect(await database.db('oauth_states').count({ n: '*' }).first()).toEqual({ n: 2 });
      await states.save('state-new', { mode: 'login', codeVerifier: 'v3' }, new Date('2026-02-01T00:25:00Z'), later);
      expect(await database.db('oauth_states').count({ n: '*' }).first()).toEqual({ n: 2 });
      expect(await states.consume('state-expiring', earlier)).toBeNull();
      expect(await states.consume('state-live', later)).toEqual({ mode: 'login', codeVerifier: 'v2' });
    });
  });
});
