import { afterEach, describe, expect, it } from 'vitest';
import { CLOCK, fixedClock } from '../../src/shared/clock.js';
import { signInAs } from '../security/support/browser.js';
import type { TestApp } from '../support/test-app.js';
import { databaseKinds } from '../support/test-database.js';
import { useTestApp } from '../support/use-test-app.js';
import { override } from '../../src/platform/wiring/overrides.js';

const signIn = (app: TestApp) => signInAs(app, 'ada@example.com');

describe.each(databaseKinds())('sessions: /api/status, /api/refresh, /api/logout (%s)', (kind) => {
  const clock = fixedClock('2026-03-01T10:00:00Z');
  const { app, database } = useTestApp(kind, { overrides: [override(CLOCK, clock)], resetAfterEach: true });

  afterEach(() => {
    clock.set('2026-03-01T10:00:00Z');
  });

  it('answers 401 with the error shape when no token is sent', async () => {
    const response = await app.fetch('/api/status');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: 'AUTH.UNAUTHENTICATED', message: 'Sign in to continue.' } });
  });

  it('issues a one-hour JWT carrying the user and session ids', async () => {
    const token = await signIn(app);
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    expect(payload.exp).toBe(Date.parse('2026-03-01T11:00:00Z') / 1000);
    expect(payload.sub).toEqual(expect.any(String));
    expect(payload.sid).toEqual(expect.any(String));
  });

  it('refuses a token after its hour is over', async () => {
    const token = await signIn(app);
    clock.advance(60 * 60 * 1000);
    expect((await app.fetch('/api/status', { token })).status).toBe(401);
  });

  it('refuses a token after logout, even though it has not expired', async () => {
    const token = await signIn(app);
    expect((await app.fetch('/api/logout', { method: 'POST', token })).status).toBe(204);
    expect((await app.fetch('/api/status', { token })).status).toBe(401);
  });

  it('rotates on refresh: the new token works and the old one is refused', async () => {
    const old = await signIn(app);
    clock.advance(50 * 60 * 1000);
    const response = await app.fetch('/api/refresh', { method: 'POST', token: old });
    expect(response.status).toBe(200);
    const { token } = (await response.json()) as { token: string };
    expect(token).not.toBe(old);
    expect((await app.fetch('/api/status', { token })).status).toBe(200);
    expect((await app.fetch('/api/status', { token: old })).status).toBe(401);
    expect((await app.fetch('/api/refresh', { method: 'POST', token: old })).status).toBe(401);
  });

  it('lets only one of two concurrent refreshes with the same token succeed', async () => {
    const token = await signIn(app);
    const answers = await Promise.all([1, 2, 3].map(() => app.fetch('/api/refresh', { method: 'POST', token })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401]);
  });

  it('keeps the session end 30 days after sign-in across refreshes', async () => {
    const first = await signIn(app);
    clock.advance(30 * 60 * 1000);
    const refreshed = await app.fetch('/api/refresh', { method: 'POST', token: first });
    expect(refreshed.status).toBe(200);
    const ends = (await database.db('sessions').orderBy('created_at').pluck('expires_at')) as Date[];
    expect(ends.map((end) => end.toISOString())).toEqual(['2026-03-31T10:00:00.000Z', '2026-03-31T10:00:00.000Z']);
  });

  it('refuses a live token once its session has reached its end', async () => {
    const token = await signIn(app);
    await database.db('sessions').update({ expires_at: new Date('2026-03-01T10:10:00Z') });
    clock.advance(10 * 60 * 1000);
    expect((await app.fetch('/api/status', { token })).status).toBe(401);
    expect((await app.fetch('/api/refresh', { method: 'POST', token })).status).toBe(401);
  });
});
