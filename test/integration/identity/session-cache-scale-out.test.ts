// Sessions are checked from a short in-process cache. Two app instances on one Postgres database, each
// with its own cache and its own LISTEN connection: a logout or refresh on one is refused by the other
// at once, not when its cached copy expires.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLOCK, fixedClock } from '../../../src/shared/clock.js';
import { signIn } from '../../support/sign-in.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { databaseKinds } from '../../support/test-database.js';
import { useTestDatabase } from '../../support/use-test-app.js';
import { override } from '../../../src/platform/wiring/overrides.js';

const WAIT = { timeout: 10_000, interval: 10 };

describe.skipIf(!databaseKinds().includes('postgres'))('the session cache across two app instances (postgres)', () => {
  // Fixed, so no cached entry expires during a test: only a signal can drop it.
  const clock = fixedClock('2026-05-01T08:00:00Z');
  const database = useTestDatabase('postgres', { resetAfterEach: true });
  let one: TestApp;
  let other: TestApp;

  beforeAll(async () => {
    one = await startTestApp(database, { overrides: [override(CLOCK, clock)] });
    other = await startTestApp(database, { overrides: [override(CLOCK, clock)] });
  });
  afterAll(async () => {
    await Promise.all([one?.close(), other?.close()]);
  });

  const status = async (app: TestApp, token: string) => (await app.fetch('/api/status', { token })).status;

  it('serves repeated checks from memory: a row changed behind its back is not read again', async () => {
    const token = await signIn(one);
    expect(await status(other, token)).toBe(200);
    // Not through the app: no signal, so the other instance keeps its copy until it expires.
    await database.db('sessions').update({ revoked_at: new Date('2026-05-01T08:00:00Z') });
    expect(await status(other, token)).toBe(200);
  });

  it('refuses the token on the other instance at once after a logout on one', async () => {
    const token = await signIn(one);
    expect(await status(one, token)).toBe(200);
    expect(await status(other, token)).toBe(200);

    expect((await one.fetch('/api/logout', { method: 'POST', token })).status).toBe(204);

    expect(await status(one, token)).toBe(401);
    await vi.waitFor(async () => expect(await status(other, token)).toBe(401), WAIT);
  });

  it('refuses the old token on the other instance at once after a refresh on one, and accepts the new one', async () => {
    const token = await signIn(one);
    expect(await status(other, token)).toBe(200);

    const refreshed = await one.fetch('/api/refresh', { method: 'POST', token });
    expect(refreshed.status).toBe(200);
    const { token: next } = (await refreshed.json()) as { token: string };

    await vi.waitFor(async () => expect(await status(other, token)).toBe(401), WAIT);
    expect(await status(other, next)).toBe(200);
  });
});
