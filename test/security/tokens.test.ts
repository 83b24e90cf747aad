import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_JWT_SECRET } from '../support/test-config.js';
import { signInAs } from './support/browser.js';
import { startLoggedApp, type LoggedApp } from './support/logged-app.js';
import { useTestDatabase } from '../support/use-test-app.js';

const key = new TextEncoder().encode(TEST_JWT_SECRET);

/** A token signed with the app's own secret: only the claims are the attacker's. */
function signed(claims: Record<string, unknown>, options: { secret?: Uint8Array; issuer?: string; expiresIn?: number } = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(options.issuer ?? 'mailscribe')
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresIn ?? 3600))
    .sign(options.secret ?? key);
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('access tokens: forged and malformed tokens are refused with 401', () => {
  const database = useTestDatabase('pglite');
  let app: LoggedApp;
  let token: string;
  let userId: string;
  let sessionId: string;

  beforeAll(async () => {
    app = await startLoggedApp(database);
    token = await signInAs(app, 'holder@example.com');
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string; sid: string };
    userId = payload.sub;
    sessionId = payload.sid;
  });
  afterAll(async () => {
    await app.close();
  });

  async function statusWith(bearer: string, path = '/api/status'): Promise<number> {
    return (await app.fetch(path, { headers: { authorization: bearer } })).status;
  }

  it('accepts the genuine token (the control for every case below)', async () => {
    expect(await statusWith(`Bearer ${token}`)).toBe(200);
  });

  it.each([
    ['a non-UUID sid', () => signed({ sid: 'not-a-uuid' }).then((t) => t)],
    ['a non-UUID sub', () => signed({ sid: '00000000-0000-4000-8000-000000000000', sub: "1' or '1'='1" })],
    ['a NUL in sid', () => signed({ sid: 'abc\u0000def' })],
    ['a numeric sid', () => signed({ sid: 12345 })],
    ['an object sid', () => signed({ sid: { $ne: null } })],
    ['a huge sid', () => signed({ sid: 'x'.repeat(10_000) })],
  ])('answers 401, not 500, to a correctly signed token with %s', async (_name, make) => {
    const forged = await make();
    expect(await statusWith(`Bearer ${forged}`)).toBe(401);
    expect(await statusWith(`Bearer ${forged}`, '/api/google-docs')).toBe(401);
    expect(app.logs.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('refuses a token naming the live session but signed with another secret', async () => {
    const forged = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer('mailscribe')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('someone-elses-secret-someone-elses-secret'));
    expect(await statusWith(`Bearer ${forged}`)).toBe(401);
  });

  it('refuses an unsigned (alg: none) token for the live session', async () => {
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: userId, sid: sessionId, iss: 'mailscribe', exp: 4102444800 })}.`;
    expect(await statusWith(`Bearer ${none}`)).toBe(401);
  });

  it('refuses a token whose signature was tampered with', async () => {
    const [header, payload] = token.split('.');
    expect(await statusWith(`Bearer ${header}.${payload}.AAAA`)).toBe(401);
  });

  it('refuses a token whose payload was swapped for another user under the original signature', async () => {
    const [header, , signature] = token.split('.');
    const payload = b64({ sub: '00000000-0000-4000-8000-000000000001', sid: sessionId, iss: 'mailscribe', exp: 4102444800 });
    expect(await statusWith(`Bearer ${header}.${payload}.${signature}`)).toBe(401);
  });

  it('refuses a correctly signed token for the live session from another issuer, or without an expiry', async () => {
    expect(await statusWith(`Bearer ${await signed({ sub: userId, sid: sessionId }, { issuer: 'someone-else' })}`)).toBe(401);
    const noExp = await new SignJWT({ sub: userId, sid: sessionId }).setProtectedHeader({ alg: 'HS256' }).setIssuer('mailscribe').sign(key);
    expect(await statusWith(`Bearer ${noExp}`)).toBe(401);
  });

  it('refuses a correctly signed token naming the live session but another user', async () => {
    expect(await statusWith(`Bearer ${await signed({ sub: '00000000-0000-4000-8000-000000000001', sid: sessionId })}`)).toBe(401);
  });

  it.each([
    '',
    'Bearer',
    'Bearer ',
    'Basic dXNlcjpwYXNz',
    'Bearer a.b',
    'Bearer a.b.c.d.e',
    'Bearer ....',
    'Bearer %00',
    `Bearer ${'A'.repeat(6000)}`,
    'Bearer eyJhbGciOiJIUzI1NiJ9.bm90LWpzb24.c2ln',
    `Bearer ${b64('just a string')}.${b64([1, 2])}.x`,
    'Bearer two tokens',
  ])('answers 401 to the malformed authorization header %j', async (header) => {
    expect(await statusWith(header)).toBe(401);
    expect(app.logs.filter((line) => line.level >= 50)).toEqual([]);
  });
});
