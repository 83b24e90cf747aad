import { beforeEach, describe, expect, it } from 'vitest';
import { CompleteSignIn } from '../../../src/modules/identity/application/complete-sign-in.use-case.js';
import { StartSignIn } from '../../../src/modules/identity/application/start-sign-in.use-case.js';
import { s256Challenge } from '../../../src/modules/identity/application/pkce.js';
import { boundStateKey } from '../../../src/modules/identity/domain/sign-in.js';
import { JoseAccessTokens } from '../../../src/modules/identity/infra/jose.access-tokens.js';
import { fixedClock } from '../../../src/shared/clock.js';
import {
  FakeIdentityProvider,
  InMemoryOAuthStateStore,
  InMemorySessionRepository,
  InMemoryUserRepository,
  reversingSealer,
} from '../../support/fakes/in-memory-identity.js';

const REDIRECT = 'https://app.test/oauth/callback';

describe('signing in', () => {
  const clock = fixedClock('2026-05-01T08:00:00Z');
  let provider: FakeIdentityProvider;
  let states: InMemoryOAuthStateStore;
  let users: InMemoryUserRepository;
  let sessions: InMemorySessionRepository;
  let tokens: JoseAccessTokens;
  let start: StartSignIn;
  let complete: CompleteSignIn;

  beforeEach(() => {
    clock.set('2026-05-01T08:00:00Z');
    provider = new FakeIdentityProvider();
    states = new InMemoryOAuthStateStore();
    users = new InMemoryUserRepository();
    sessions = new InMemorySessionRepository();
    tokens = new JoseAccessTokens('unit-test-secret-unit-test-secret-0123');
    start = new StartSignIn(provider, states, clock);
    complete = new CompleteSignIn(provider, states, users, sessions, tokens, reversingSealer, clock);
  });

  async function begin(mode: 'login' | 'register' = 'login') {
    const { redirectTo, browserNonce } = await start.execute({ mode, redirectUri: REDIRECT });
    const url = new URL(redirectTo);
    const state = url.searchParams.get('state') ?? '';
    const verifier = states.rows.get(boundStateKey(state, browserNonce))?.codeVerifier ?? '';
    return { url, state, verifier, browserNonce };
  }

  it('keeps a PKCE verifier with a ten-minute state and sends only its S256 challenge', async () => {
    const { url, state, verifier, browserNonce } = await begin();
    expect(url.searchParams.get('code_challenge')).toBe(s256Challenge(verifier));
    expect(url.searchParams.get('code_challenge')).not.toBe(verifier);
    expect(states.rows.get(boundStateKey(state, browserNonce))?.expiresAt.toISOString()).toBe('2026-05-01T08:10:00.000Z');
  });

  it('creates the user, seals the refresh token and opens a session', async () => {
    const { state, verifier, browserNonce } = await begin('register');
    provider.willAccept('code-1', { email: 'ada@example.com', refreshToken: 'google-secret' }, verifier);
    const result = await complete.execute({ state, browserNonce, code: 'code-1', redirectUri: REDIRECT, userAgent: 'test' });
    expect(result).toMatchObject({ ok: true, newUser: true });
    const [user] = users.rows.values();
    expect(user?.sealedRefreshToken).toBe(reversingSealer.seal('google-secret'));
    expect([...sessions.rows.values()]).toHaveLength(1);
    expect(provider.exchanges[0]).toEqual({ code: 'code-1', codeVerifier: verifier, redirectUri: REDIRECT });
  });

  it('reports a returning user as not new and keeps the stored refresh token when none is resent', async () => {
    const first = await begin();
    provider.willAccept('code-1', { refreshToken: 'first' }, first.verifier);
    await complete.execute({ state: first.state, browserNonce: first.browserNonce, code: 'code-1', redirectUri: REDIRECT, userAgent: null });
    const second = await begin();
    provider.willAccept('code-2', { refreshToken: null }, second.verifier);
    const result = await complete.execute({ state: second.state, browserNonce: second.browserNonce, code: 'code-2', redirectUri: REDIRECT, userAgent: null });
    expect(result).toMatchObject({ ok: true, newUser: false });
    expect([...users.rows.values()][0]?.sealedRefreshToken).toBe(reversingSealer.seal('first'));
  });

  it('answers missing-consent when the provider reports an error such as access_denied', async () => {
    const { state, browserNonce } = await begin();
    expect(await complete.execute({ state, browserNonce, error: 'access_denied', redirectUri: REDIRECT, userAgent: null })).toMatchObject({
      ok: false,
      reason: 'missing-consent',
    });
    expect(states.rows.size).toBe(0);
  });

  it('answers missing-consent when drive.file was not granted, and creates no user', async () => {
    const { state, verifier, browserNonce } = await begin();
    provider.willAccept('code-1', { grantedScopes: ['openid', 'email', 'profile'] }, verifier);
    expect(await complete.execute({ state, browserNonce, code: 'code-1', redirectUri: REDIRECT, userAgent: null })).toMatchObject({ ok: false, reason: 'missing-consent' });
    expect(users.rows.size).toBe(0);
  });

  it('answers missing-code when the code is absent', async () => {
    const { state, browserNonce } = await begin();
    expect(await complete.execute({ state, browserNonce, redirectUri: REDIRECT, userAgent: null })).toMatchObject({ ok: false, reason: 'missing-code' });
  });

  it('answers invalid-refresh when the provider refuses the code', async () => {
    const { state, browserNonce } = await begin();
    expect(await complete.execute({ state, browserNonce, code: 'unknown', redirectUri: REDIRECT, userAgent: null })).toMatchObject({ ok: false, reason: 'invalid-refresh' });
  });

  it('answers invalid-state for an expired state', async () => {
    const { state, verifier, browserNonce } = await begin();
    provider.willAccept('code-1', {}, verifier);
    clock.advance(10 * 60 * 1000);
    expect(await complete.execute({ state, browserNonce, code: 'code-1', redirectUri: REDIRECT, userAgent: null })).toMatchObject({ ok: false, reason: 'invalid-state' });
  });

  it('answers invalid-state for a missing state', async () => {
    expect(await complete.execute({ code: 'code-1', browserNonce: 'some-nonce-0123456789', redirectUri: REDIRECT, userAgent: null })).toMatchObject({ ok: false, reason: 'invalid-state' });
  });

  it('answers browser-mismatch for a callback opened without the starting browser\'s nonce, and consumes nothing', async () => {
    const { state, verifier } = await begin();
    provider.willAccept('code-1', {}, verifier);
    expect(await complete.execute({ state, code: 'code-1', browserNonce: null, redirectUri: REDIRECT, userAgent: null })).toMatchObject({
      ok: false,
      reason: 'browser-mismatch',
    });
    expect(states.rows.size).toBe(1);
    expect(sessions.rows.size).toBe(0);
  });

  it('answers invalid-state for a callback whose nonce belongs to another sign-in, and opens no session', async () => {
    const attacker = await begin();
    const victim = await begin();
    provider.willAccept('code-1', { email: 'attacker@example.com' }, attacker.verifier);
    const result = await complete.execute({ state: attacker.state, code: 'code-1', browserNonce: victim.browserNonce, redirectUri: REDIRECT, userAgent: null });
    expect(result).toMatchObject({ ok: false, reason: 'invalid-state' });
    expect(sessions.rows.size).toBe(0);
    expect(users.rows.size).toBe(0);
  });

  it('gives every sign-in its own state and nonce', async () => {
    const a = await begin();
    const b = await begin();
    expect(a.state).not.toBe(b.state);
    expect(a.browserNonce).not.toBe(b.browserNonce);
    expect(a.browserNonce).toMatch(/^[\w-]{32}$/);
  });
});
