import { DOC_STORE } from '../../src/modules/documents/index.js';
import type { ProviderCredentials } from '../../src/modules/identity/application/ports/provider-credentials.port.js';
import { SENDER_AUTHENTICATOR } from '../../src/modules/mail/application/ports/sender-authenticator.port.js';
import { override } from '../../src/platform/wiring/overrides.js';
import { CLOCK, type Clock } from '../../src/shared/clock.js';
import { afterAll, beforeAll } from 'vitest';
import { startFakeGoogleDocs, type FakeGoogleDocs } from './fakes/fake-google-docs.server.js';
import { verdictOf } from './fakes/fixed-sender-authenticator.js';
import { startTestApp, type TestApp } from './test-app.js';
import type { DatabaseKind, TestDatabase } from './test-database.js';
import { useTestDatabase } from './use-test-app.js';
import { googleStoreOn } from './fakes/fake-google-docs.store.js';

// The whole app writing into the fake Google Docs server with a clock the test moves a minute at a time:
// the set-up of the tests of Google's per-minute budgets.

/** The pipeline's settings for these tests: quick polling, mail for in.example.com; `more` adds budgets. */
export const googlePipelineEnv = (more: Record<string, string>): Record<string, string> => ({ JOB_POLLING_SECONDS: '0.5', JOB_MAINTENANCE_SECONDS: '1', INBOUND_DOMAIN: 'in.example.com', ...more });

/**
 * A clock held in the last seconds of one minute (from `at` ms into it, moving at most `drift` ms), which the
 * test moves on to the next: a window never turns by itself while its writes are under way, and a mail
 * refused near a minute's end is due again (on the database's real clock) a few seconds later.
 */
export function minuteClock(at: number, drift: number): Clock & { nextMinute(): void } {
  let minute = Math.floor(Date.now() / 60_000);
  let since = Date.now();
  return {
    now: () => new Date(minute * 60_000 + at + Math.min(Date.now() - since, drift)),
    nextMinute: () => {
      minute += 1;
      since = Date.now();
    },
  };
}

/** The app (http, smtp and worker) on `database`, writing through the real Google adapter into `google`, one refresh token per user. */
export function startGooglePipeline(database: TestDatabase, google: FakeGoogleDocs, env: Record<string, string>, clock: Clock): Promise<TestApp> {
  const tokens = new Map<string, string>();
  const credentials: ProviderCredentials = {
    refreshTokenOf: (userId) => {
      if (!tokens.has(userId)) tokens.set(userId, google.issueRefreshToken(userId));
      return Promise.resolve(tokens.get(userId) ?? null);
    },
  };
  const store = googleStoreOn(google, credentials, { timeoutMs: 5_000, retry: { retries: 2, baseDelayMs: 5 } });
  return startTestApp(database, { env, roles: ['http', 'smtp', 'worker'], overrides: [override(DOC_STORE, store), override(CLOCK, clock), override(SENDER_AUTHENTICATOR, verdictOf('none'))] });
}

/**
 * A database of `kind` (emptied after each test), the fake Google Docs server (`google`: its options, e.g. its
 * limits) and the pipeline on both, started before the file's tests and closed after them. Read `app` and
 * `google` inside a test.
 */
export function useGooglePipeline(
  kind: DatabaseKind,
  options: { env: Record<string, string>; clock: Clock; google?: Parameters<typeof startFakeGoogleDocs>[0] },
): { database: TestDatabase; readonly app: TestApp; readonly google: FakeGoogleDocs } {
  const database = useTestDatabase(kind, { resetAfterEach: true });
  let google: FakeGoogleDocs | undefined;
  let app: TestApp | undefined;
  beforeAll(async () => {
    google = await startFakeGoogleDocs(options.google);
    app = await startGooglePipeline(database, google, options.env, options.clock);
  });
  // Registered after the database's: runs before it is released (Vitest runs after-hooks as a stack).
  afterAll(async () => {
    await app?.close();
    await google?.close();
  });
  const started = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`useGooglePipeline: the ${name} is read before its beforeAll ran; read it inside a test.`);
    return value;
  };
  return {
    database,
    get app() {
      return started(app, 'app');
    },
    get google() {
      return started(google, 'fake Google server');
    },
  };
}
