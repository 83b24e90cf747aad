import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoogleIdentityProvider } from '../../src/modules/identity/infra/google.identity-provider.js';
import { DOCS_SCOPE } from '../../src/modules/identity/domain/scopes.js';
import { aGoogleUser, startFakeGoogleOAuth, type FakeGoogleOAuth } from '../support/fakes/fake-google-oauth.server.js';
import { Browser, consentInDev, signInAs, walkSignIn } from '../security/support/browser.js';
import { locationPath } from '../support/sign-in.js';
import { databaseKinds } from '../support/test-database.js';
import { useTestApp } from '../support/use-test-app.js';
import { IDENTITY_PROVIDER } from '../../src/modules/identity/application/ports/identity-provider.port.js';
import { override } from '../../src/platform/wiring/overrides.js';

describe.each(databaseKinds())('sign-in through /oauth (%s)', (kind) => {
  const { app, database } = useTestApp(kind, { resetAfterEach: true });

  it('sends /oauth/login to the provider with state, PKCE and the callback URL', async () => {
    const response = await app.fetch('/oauth/login');
    expect(response.status).toBe(302);
    const target = new URL(response.headers.get('location') ?? '');
    expect(target.pathname).toBe('/oauth/dev/authorize');
    expect(target.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(target.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(target.searchParams.get('redirect_uri')).toBe(`${app.config.PUBLIC_URL}/oauth/callback`);
  });

  it('shows the dev consent form with email, name, the documents checkbox and Allow / Deny', async () => {
    const start = await app.fetch('/oauth/register');
    const page = await app.fetch(locationPath(start));
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('name="email"');
    expect(html).toContain('name="name"');
    expect(html).toMatch(/name="grant_docs" value="on" checked> Allow access to documents/);
    expect(html).toContain('>Allow</button>');
    expect(html).toContain('>Deny</button>');
    expect(html).not.toMatch(/<script/i);
  });

  it('registers a new user and lands on /auth-success with a working token', async () => {
    const token = await signInAs(app, 'New.User@Example.com', { mode: 'register', name: 'New User' });
    const status = await app.fetch('/api/status', { token });
    expect(status.status).toBe(200);
    expect(await status.json()).toEqual({
      user: { id: expect.any(String), email: 'new.user@example.com', name: 'New User', picture: null },
    });
  });

  it('signs a known user in to the same account whether they use login or register', async () => {
    const first = await signInAs(app, 'same@example.com', { mode: 'register' });
    const second = await signInAs(app, 'same@example.com', { mode: 'login', name: 'Renamed' });
    const a = (await (await app.fetch('/api/status', { token: first })).json()) as { user: { id: string } };
    const b = (await (await app.fetch('/api/status', { token: second })).json()) as { user: { id: string; name: string } };
    expect(b.user.id).toBe(a.user.id);
    expect(b.user.name).toBe('Renamed');
    expect(await database.db('users').count({ n: '*' }).first()).toEqual({ n: 1 });
  });

  it('answers missing-consent when the user presses Deny', async () => {
    expect(await walkSignIn(app, { decision: 'deny' })).toBe('/auth-error?reason=missing-consent');
  });

  it('answers missing-consent when document access is unticked', async () => {
    expect(await walkSignIn(app, { grantDocs: false })).toBe('/auth-error?reason=missing-consent');
    expect(await database.db('users').count({ n: '*' }).first()).toEqual({ n: 0 });
  });

  it('answers missing-code when the provider returns without a code', async () => {
    const browser = new Browser(app);
    const start = new URL(locationPath(await browser.open('/oauth/login')), 'http://x');
    const callback = await browser.open(`/oauth/callback?state=${start.searchParams.get('state') ?? ''}`);
    expect(callback.headers.get('location')).toBe('/auth-error?reason=missing-code');
  });

  it('answers invalid-refresh when the code cannot be exchanged', async () => {
    const browser = new Browser(app);
    const start = new URL(locationPath(await browser.open('/oauth/login')), 'http://x');
    const callback = await browser.open(`/oauth/callback?state=${start.searchParams.get('state') ?? ''}&code=forged`);
    expect(callback.headers.get('location')).toBe('/auth-error?reason=invalid-refresh');
  });

  it('answers unknown-mode for a sign-in mode other than login or register', async () => {
    const response = await app.fetch('/oauth/signup-please');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/auth-error?reason=unknown-mode');
  });

  it('refuses a replayed callback: the state is single use, even with the cookie kept', async () => {
    const browser = new Browser(app);
    const callbackPath = await consentInDev(browser, { email: 'replay@example.com' });
    const nonce = browser.cookie('mailscribe_sign_in') ?? '';
    expect((await browser.open(callbackPath)).headers.get('location')).toMatch(/^\/auth-success\?token=/);
    const replay = await app.fetch(callbackPath, { headers: { cookie: `mailscribe_sign_in=${nonce}` } });
    expect(replay.headers.get('location')).toBe('/auth-error?reason=invalid-state');
  });

  it('refuses a callback with a state it never issued', async () => {
    const browser = new Browser(app);
    await browser.open('/oauth/login');
    const response = await browser.open('/oauth/callback?state=made-up&code=abc');
    expect(response.headers.get('location')).toBe('/auth-error?reason=invalid-state');
  });

  it('sets an HttpOnly, SameSite=Lax, ten-minute sign-in cookie scoped to the callback, without Secure over http', async () => {
    const response = await app.fetch('/oauth/register');
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(/^mailscribe_sign_in=[\w-]{32}; Path=\/oauth\/callback; Max-Age=600; HttpOnly; SameSite=Lax$/);
  });

  it('clears the sign-in cookie on the callback, whatever its outcome', async () => {
    const browser = new Browser(app);
    await walkSignIn(app, { email: 'clear@example.com' }, browser);
    expect(browser.cookie('mailscribe_sign_in')).toBeUndefined();
    const failed = await app.fetch('/oauth/callback?state=x&code=y', { headers: { cookie: 'mailscribe_sign_in=aaaaaaaaaaaaaaaaaaaaaaaa' } });
    expect(failed.headers.getSetCookie()[0]).toMatch(/^mailscribe_sign_in=; Path=\/oauth\/callback; Max-Age=0;/);
  });

  it('keeps a sign-in state no longer than its ten minutes: expired rows go as the next sign-in starts', async () => {
    await app.fetch('/oauth/login');
    await database.db('oauth_states').update({ expires_at: new Date(Date.now() - 1000) });
    await app.fetch('/oauth/login');
    expect(await database.db('oauth_states').count({ n: '*' }).first()).toEqual({ n: 1 });
  });

  it('refuses to send dev codes anywhere but its own callback', async () => {
    const response = await app.fetch('/oauth/dev/authorize?state=s&code_challenge=c&redirect_uri=https://evil.example/cb');
    expect(response.status).toBe(400);
  });

  it('re-shows the consent form with an error for an invalid email', async () => {
    const authorize = new URL(locationPath(await app.fetch('/oauth/login')), 'http://x');
    const form = new URLSearchParams({
      state: authorize.searchParams.get('state') ?? '',
      code_challenge: authorize.searchParams.get('code_challenge') ?? '',
      redirect_uri: authorize.searchParams.get('redirect_uri') ?? '',
      email: 'not an email',
      decision: 'allow',
    });
    const response = await app.fetch('/oauth/dev/authorize', { method: 'POST', body: form });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Enter a valid email address.');
  });
});

describe('sign-in through Google (fake OAuth server, real client)', () => {
  let google: FakeGoogleOAuth;

  // Registered before the app: the fake starts first and closes last.
  beforeAll(async () => {
    google = await startFakeGoogleOAuth();
  });
  afterAll(() => google.close());
  const { app, database } = useTestApp('pglite', () => ({
    overrides: [
      override(IDENTITY_PROVIDER, new GoogleIdentityProvider({ clientId: google.clientId, clientSecret: google.clientSecret, endpoints: google.endpoints })),
    ],
  }));

  async function throughGoogle(): Promise<string> {
    const browser = new Browser(app);
    const start = await browser.open('/oauth/login');
    const consent = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' });
    const callback = await browser.open(locationPath(consent));
    return callback.headers.get('location') ?? '';
  }

  it('signs the user in and keeps the refresh token sealed, never in clear', async () => {
    google.setConsent({ user: aGoogleUser({ sub: 'g-1', email: 'grace@example.com' }), refreshToken: 'google-refresh-1' });
    const final = await throughGoogle();
    expect(final).toMatch(/^\/auth-success\?token=/);
    const row = (await database.db('users').where({ provider_subject: 'g-1' }).first()) as { provider: string; provider_refresh_token_enc: string };
    expect(row.provider).toBe('google');
    expect(row.provider_refresh_token_enc).toMatch(/^v1\./);
    expect(row.provider_refresh_token_enc).not.toContain('google-refresh-1');
  });

  it('answers missing-consent when the granted scopes lack drive.file', async () => {
    google.setConsent({ user: aGoogleUser({ sub: 'g-2' }), grantedScopes: ['openid', 'email', 'profile'] });
    expect(await throughGoogle()).toBe('/auth-error?reason=missing-consent');
  });

  it('answers missing-consent when the user denies on Google', async () => {
    google.setConsent({ deny: true });
    expect(await throughGoogle()).toBe('/auth-error?reason=missing-consent');
  });

  it('answers invalid-refresh when Google refuses the code', async () => {
    google.failNextTokenRequest(400, { error: 'invalid_grant', error_description: 'Bad Request' });
    google.setConsent({ user: aGoogleUser({ sub: 'g-3' }), grantedScopes: ['openid', 'email', 'profile', DOCS_SCOPE] });
    expect(await throughGoogle()).toBe('/auth-error?reason=invalid-refresh');
  });
});
