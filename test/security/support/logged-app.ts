import { Writable } from 'node:stream';
import { pino } from 'pino';
import { buildContainer, type ContainerInput } from '../../../src/container.js';
import { startRuntime } from '../../../src/roles/runtime.js';
import { appFetch, type TestApp } from '../../support/test-app.js';
import { testConfig } from '../../support/test-config.js';
import type { TestDatabase } from '../../support/test-database.js';

export interface LogLine {
  level: number;
  msg: string;
  err?: { stack?: string; message?: string };
  [key: string]: unknown;
}

export interface LoggedApp extends TestApp {
  /** Every line the app logged, parsed, in order. */
  logs: LogLine[];
}

/** The real app, like startTestApp, with its log kept in memory so a test can read what an operator would. */
export async function startLoggedApp(
  database: TestDatabase,
  options: { env?: Record<string, string>; overrides?: ContainerInput['overrides'] } = {},
): Promise<LoggedApp> {
  const logs: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) logs.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const config = testConfig(options.env);
  const logger = pino({ level: 'info' }, sink);
  const container = buildContainer({ config, db: database.db, logger, overrides: options.overrides });
  const runtime = await startRuntime(container, ['http'], { http: 0, httpHost: '127.0.0.1', smtp: 0 });
  const url = `http://127.0.0.1:${runtime.httpPort ?? 0}`;
  return {
    url,
    smtpPort: null,
    config,
    container,
    logs,
    fetch: appFetch(url),
    close: () => runtime.stop(),
  };
}
