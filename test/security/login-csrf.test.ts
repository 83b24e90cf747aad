import { describe, expect, it } from 'vitest';
import { Browser, consentInDev, walkSignIn } from './support/browser.js';
import { useTestApp } from '../support/use-test-app.js';

describe('login CSRF: a sign-in is bound to the browser that started it', () => {
  const { app, database } = useTestApp('pglite', { resetAfterEach: true });

  const sessionCount = async () => (await database.db('sessions').count({ n: '*' }).first()) as { n: number | string };

  it("creates no session when the attacker's callback URL is opened in a fresh browser", async () => {
    const attacker = new Browser(app);
    const callbackUrl = await consentInDev(attacker, { email: 'attacker@example.com' });

    const victim = new Browser(app);
    const landing = await victim.open(callbackUrl);

    expect(landing.headers.get('location')).toBe('/auth-error?reason=browser-mismatch');
    expect(Number((await sessionCount()).n)).toBe(0);
    expect(await database.db('users').where({ email: 'attacker@example.com' }).first()).toBeUndefined();
  });

  it("creates no session when the victim's browser carries its own, different sign-in cookie", async () => {
    const attacker = new Browser(app);
    const callbackUrl = await consentInDev(attacker, { email: 'attacker@example.com' });

    const victim = new Browser(app);
    await victim.open('/oauth/login');
    const landing = await victim.open(callbackUrl);

    expect(landing.headers.get('location')).toBe('/auth-error?reason=invalid-state');
    expect(Number((await sessionCount()).n)).toBe(0);
  });

  it("still signs the attacker's own browser in (the binding does not break the normal flow)", async () => {
    expect(await walkSignIn(app, { email: 'someone@example.com' })).toMatch(/^\/auth-success\?token=/);
    expect(Number((await sessionCount()).n)).toBe(1);
  });

  it('creates no session from a callback whose cookie was copied onto another state', async () => {
    const attacker = new Browser(app);
    const callbackUrl = await consentInDev(attacker, { email: 'attacker@example.com' });
    const victim = new Browser(app);
    await consentInDev(victim, { email: 'victim@example.com' });
    // The victim's own, valid nonce with the attacker's state: the pair was never issued.
    const landing = await victim.open(callbackUrl);
    expect(landing.headers.get('location')).toBe('/auth-error?reason=invalid-state');
    expect(Number((await sessionCount()).n)).toBe(0);
  });
});

describe('sign-in starts are throttled per client address', () => {
  const { app, database } = useTestApp('pglite');

  it('sends a flood of /oauth/login and /oauth/register to /auth-error with too-many-attempts, writing no state for it', async () => {
    const answers: string[] = [];
    for (let i = 0; i < 70; i += 1) {
      const response = await app.fetch(i % 2 ? '/oauth/login' : '/oauth/register');
      answers.push(response.headers.get('location') ?? '');
    }
    const throttled = answers.filter((location) => location === '/auth-error?reason=too-many-attempts');
    expect(answers.length - throttled.length).toBe(60);
    expect(throttled).toHaveLength(10);
    expect(await database.db('oauth_states').count({ n: '*' }).first()).toEqual({ n: 60 });
  });
});
