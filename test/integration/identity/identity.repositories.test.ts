import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KnexOAuthStateStore } from '../../../src/modules/identity/infra/knex.oauth-state.store.js';
import { KnexSessionRepository } from '../../../src/modules/identity/infra/knex.session.repository.js';
import { KnexUserRepository } from '../../../src/modules/identity/infra/knex.user.repository.js';
import { newId } from '../../../src/shared/ids.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../support/test-database.js';

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
  let database: TestDatabase;
  let users: KnexUserRepository;
  let sessions: KnexSessionRepository;
  let states: KnexOAuthStateStore;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    users = new KnexUserRepository(database.db);
    sessions = new KnexSessionRepository(database.db);
    states = new KnexOAuthStateStore(database.db);
  });
  afterEach(() => database.reset());
  afterAll(() => database.close());

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

    it('does not rotate a revoked or ended session', async () => {
      const session = await aSession();
      expect(await sessions.rotate(session.id, { id: newId(), userId: session.userId, expiresAt: end, userAgent: null }, end)).toBe(false);
      await sessions.revoke(session.id, now);
      expect(await sessions.rotate(session.id, { id: newId(), userId: session.userId, expiresAt: end, userAgent: null }, now)).toBe(false);
    });
  });

  describe('oauth states', () => {
    const now = new Date('2026-02-01T00:00:00Z');
    const later = new Date('2026-02-01T00:10:00Z');

    it('gives a pending sign-in back exactly once, and stores only a hash of the state', async () => {
      await states.save('state-abc', { mode: 'register', codeVerifier: 'verifier' }, later);
      expect(await database.db('oauth_states').where({ state_hash: 'state-abc' }).first()).toBeUndefined();
      const consumed = await Promise.all([states.consume('state-abc', now), states.consume('state-abc', now)]);
      expect(consumed.filter(Boolean)).toEqual([{ mode: 'register', codeVerifier: 'verifier' }]);
    });

    it('gives nothing for an expired or unknown state', async () => {
      await states.save('state-old', { mode: 'login', codeVerifier: 'v' }, later);
      expect(await states.consume('state-old', later)).toBeNull();
      expect(await states.consume('never-issued', now)).toBeNull();
    });
  });
});
