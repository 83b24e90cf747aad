import { afterAll, afterEach, beforeAll } from 'vitest';
import { SENDER_AUTHENTICATOR } from '../../src/modules/mail/application/ports/sender-authenticator.port.js';
import { override } from '../../src/platform/wiring/overrides.js';
import { verdictOf } from './fakes/fixed-sender-authenticator.js';
import { startTestApp, type TestApp } from './test-app.js';
import { openTestDatabase, type DatabaseKind, type TestDatabase } from './test-database.js';

// The set-up most server test files share: a database of one kind, the real app on it, both closed after
// the file. The handles are built at collection time but filled by beforeAll, so tests read them through
// getters that fail loudly when read too early (in a describe body) instead of handing out undefined.

export type StartOptions = NonNullable<Parameters<typeof startTestApp>[1]>;

export interface UseTestAppOptions extends StartOptions {
  /** Empties every table after each test, for files whose tests must not see each other's rows. */
  resetAfterEach?: boolean;
}

/**
 * The app that takes mail over SMTP for in.example.com and processes it within half a second, trusting
 * no sender's domain; `more` adds to its env and overrides (a later override of a port wins).
 */
export const receivingMail = (more: UseTestAppOptions = {}): UseTestAppOptions => ({
  roles: ['http', 'smtp', 'worker'],
  ...more,
  env: { JOB_POLLING_SECONDS: '0.5', INBOUND_DOMAIN: 'in.example.com', ...more.env },
  overrides: [override(SENDER_AUTHENTICATOR, verdictOf('none')), ...(more.overrides ?? [])],
});

export interface UsedTestApp {
  app: TestApp;
  database: TestDatabase;
}

/** Opens a database of `kind` before the file's tests and closes it after them. */
export function useTestDatabase(kind: DatabaseKind, options: { resetAfterEach?: boolean } = {}): TestDatabase {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await openTestDatabase(kind);
  });
  if (options.resetAfterEach) afterEach(() => current?.reset());
  afterAll(async () => {
    await current?.release();
    current = undefined;
  });
  return lateDatabase(kind, () => ready(current, 'useTestDatabase', 'database'));
}

/**
 * A database of `kind` and the real app on it, started before the file's tests and closed after them.
 * `options` may be a function, called in beforeAll, when the overrides depend on the database or on
 * something another beforeAll made first.
 */
export function useTestApp(kind: DatabaseKind, options: UseTestAppOptions | ((database: TestDatabase) => UseTestAppOptions) = {}): UsedTestApp {
  let resetAfterEach = false;
  const database = useTestDatabase(kind);
  let current: TestApp | undefined;
  beforeAll(async () => {
    const { resetAfterEach: reset, ...start } = typeof options === 'function' ? options(database) : options;
    resetAfterEach = reset === true;
    current = await startTestApp(database, start);
  });
  // Hooks after the tests run in reverse order (Vitest's "stack"): the file's own afterEach hooks,
  // registered after this call, run before this reset, and the app closes before its database.
  afterEach(async () => {
    if (resetAfterEach) await database.reset();
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  return { app: lateApp(() => ready(current, 'useTestApp', 'app')), database };
}

function ready<T>(value: T | undefined, helper: string, name: string): T {
  if (value === undefined) {
    throw new Error(`${helper}: the ${name} is read before its beforeAll ran (or after its afterAll); read it inside a test or a hook, not in a describe body.`);
  }
  return value;
}

function lateDatabase(kind: DatabaseKind, get: () => TestDatabase): TestDatabase {
  return {
    kind,
    get db() {
      return get().db;
    },
    get url() {
      return get().url;
    },
    reset: () => get().reset(),
    close: () => get().close(),
    release: () => get().release(),
  };
}

function lateApp(get: () => TestApp): TestApp {
  return {
    get url() {
      return get().url;
    },
    get smtpPort() {
      return get().smtpPort;
    },
    get config() {
      return get().config;
    },
    get container() {
      return get().container;
    },
    fetch: (path, init) => get().fetch(path, init),
    close: () => get().close(),
  };
}
