import type { DependencyContainer } from 'tsyringe';
import { buildContainer, type ContainerInput } from '../../src/container.js';
import type { AppConfig } from '../../src/platform/config/config.js';
import { createLogger } from '../../src/platform/logging/logger.js';
import type { Role } from '../../src/platform/config/config.js';
import { startRuntime } from '../../src/roles/runtime.js';
import { testConfig } from './test-config.js';
import type { TestDatabase } from './test-database.js';

export interface TestApp {
  url: string;
  /** The SMTP listener's port when the smtp role runs. */
  smtpPort: number | null;
  config: AppConfig;
  container: DependencyContainer;
  /** fetch against the app, never following redirects (tests assert them). */
  fetch(path: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

/** The real Koa app with the real container, on an ephemeral port. */
export async function startTestApp(
  database: TestDatabase,
  options: { env?: Record<string, string>; overrides?: ContainerInput['overrides']; roles?: Role[] } = {},
): Promise<TestApp> {
  // On Postgres the app LISTENs for notices on its own connection, as in production.
  const config = testConfig({ ...(database.url ? { DATABASE_URL: database.url } : {}), ...options.env });
  const container = buildContainer({ config, db: database.db, logger: createLogger('silent'), overrides: options.overrides });
  const runtime = await startRuntime(container, options.roles ?? ['http'], { http: 0, httpHost: '127.0.0.1', smtp: 0 });
  const url = `http://127.0.0.1:${runtime.httpPort ?? 0}`;
  return {
    url,
    smtpPort: runtime.smtpPort,
    config,
    container,
    fetch: appFetch(url),
    close: () => runtime.stop(),
  };
}

/**
 * `fetch` against the app at `url`, as TestApp offers it: redirects are answered, not followed; `token`
 * is sent as a bearer and `json` as the body.
 */
export function appFetch(url: string): TestApp['fetch'] {
  return (path, init = {}) => {
    const { token, json, headers, ...rest } = init;
    const merged = new Headers(headers);
    if (token) merged.set('authorization', `Bearer ${token}`);
    if (json !== undefined) merged.set('content-type', 'application/json');
    return fetch(`${url}${path}`, { redirect: 'manual', ...rest, headers: merged, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) });
  };
}
