import { readFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../../src/platform/db/database.js';
import { isDatabaseUnavailable } from '../../../src/shared/database-outage.js';
import type { ErrorResponse } from '../../../src/contract/common.js';
import type { ReadinessResponse } from '../../../src/contract/platform.js';
import type { TestDatabase } from '../../support/test-database.js';
import { signInAs } from '../../security/support/browser.js';
import { startLoggedApp, type LoggedApp } from '../../security/support/logged-app.js';
import { clonePostgres } from '../../support/test-database.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each<[string, unknown]>([
    ['a refused connection (pg)', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a refused connection to every address (AggregateError)', new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], '')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['an administrator ending the session (57P01)', withCode('terminating connection due to administrator command', '57P01')],
    ['Postgres starting up or shutting down (57P03)', withCode('the database system is shutting down', '57P03')],
    ['a connection failure (08006)', withCode('connection failure', '08006')],
    ['too many connections (53300)', withCode('sorry, too many clients already', '53300')],
    ['a connection cut under a query, as knex words it', new Error('select * from "users" where "id" = $1 - Connection terminated unexpectedly')],
    ['a client that lost its connection', new Error('Client has encountered a connection error and is not queryable')],
    ['pg-pool waiting in vain', new Error('timeout exceeded when trying to connect')],
    ['knex waiting in vain for a connection', Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'), { name: 'KnexTimeoutError' })],
    ['a destroyed knex pool', new Error('Unable to acquire a connection')],
    ['a closed PGlite', new Error('PGlite is closed')],
    ['a closing PGlite', new Error('PGlite is closing')],
    ['any of these as the cause of a wrapper', new Error('could not load the session', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') })],
  ])('recognises %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each<[string, unknown]>([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', withCode('syntax error at or near "selct"', '42601')],
    ['a query cancelled by statement_timeout', withCode('canceling statement due to statement timeout', '57014')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a thrown string', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('does not take %s for an outage', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('stops on an error that is its own cause', () => {
    const loop = new Error('loop');
    (loop as { cause?: unknown }).cause = loop;
    expect(isDatabaseUnavailable(loop)).toBe(false);
  });
});

/** A TCP hop between the app and Postgres that the test can take down and bring back, like a database restart. */
class Hop {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Refuses new connections and cuts the open ones. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

const asTestDatabase = (opened: OpenDatabase, url: string | null): TestDatabase => ({
  kind: opened.kind,
  db: opened.db,
  url,
  reset: () => Promise.resolve(),
  close: () => opened.close(),
  release: () => opened.close(),
});

async function expectUnavailable(app: LoggedApp, token: string): Promise<void> {
  for (const path of ['/api/tokens/usage/table', '/api/google-docs']) {
    const response = await app.fetch(path, { token });
    expect(response.status, path).toBe(503);
    expect(response.headers.get('retry-after'), path).toBe('5');
    const body = (await response.json()) as ErrorResponse;
    expect(body.error.code, path).toBe('SERVICE.UNAVAILABLE');
    expect(body.error.message, path).toMatch(/cannot reach its database/);
  }
  const ready = await app.fetch('/readyz');
  expect(ready.status).toBe(503);
  expect(ready.headers.get('retry-after')).toBe('5');
  expect((await ready.json()) as ReadinessResponse).toEqual({ status: 'unavailable', reason: 'database unreachable' });
  // Logged as what it is, never hidden as a bug.
  expect(app.logs.filter((line) => line.msg === 'unhandled error')).toEqual([]);
  expect(app.logs.some((line) => line.msg === 'request failed: the database cannot be reached')).toBe(true);
}

describe('the API while its database is down', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  });

  it('answers 503 with Retry-After, and /readyz 503, once the embedded database is closed', async () => {
    const opened = await openDatabase({ dataDir: 'memory', loadDataDir: new Blob([readFileSync(inject('pgliteTemplatePath'))]) });
    cleanups.push(() => opened.close());
    const app = await startLoggedApp(asTestDatabase(opened, null));
    cleanups.push(() => app.close());
    const token = await signInAs(app, 'outage@example.com');
    expect((await app.fetch('/api/tokens/usage/table', { token })).status).toBe(200);

    await opened.pglite?.close();

    await expectUnavailable(app, token);
  });

  it('answers 503 with Retry-After once the knex pool is closed', async () => {
    const opened = await openDatabase({ dataDir: 'memory', loadDataDir: new Blob([readFileSync(inject('pgliteTemplatePath'))]) });
    const app = await startLoggedApp(asTestDatabase(opened, null));
    cleanups.push(() => app.close());
    const token = await signInAs(app, 'outage@example.com');

    await opened.close();

    await expectUnavailable(app, token);
  });

  it.runIf(inject('postgresTemplate'))('answers 503 with Retry-After while Postgres cannot be reached, and 200 again once it can', async () => {
    const clone = await clonePostgres();
    cleanups.push(() => clone.drop());
    const direct = new URL(clone.url);
    const hop = new Hop({ host: direct.hostname, port: Number(direct.port || 5432) });
    await hop.start();
    cleanups.push(() => hop.stop());
    const viaHop = new URL(clone.url);
    viaHop.hostname = '127.0.0.1';
    viaHop.port = String(hop.port);
    const opened = await openDatabase({ url: viaHop.toString() });
    cleanups.push(() => opened.close());
    const app = await startLoggedApp(asTestDatabase(opened, viaHop.toString()));
    cleanups.push(() => app.close());
    const token = await signInAs(app, 'outage@example.com');
    expect((await app.fetch('/api/tokens/usage/table', { token })).status).toBe(200);

    // The pool's open connections are cut and new ones refused, as when Postgres stops.
    await hop.stop();
    await expectUnavailable(app, token);

    await hop.start();
    expect((await app.fetch('/readyz')).status).toBe(200);
    expect((await app.fetch('/api/tokens/usage/table', { token })).status).toBe(200);
  });
});
