import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Koa from 'koa';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestContext } from '../../../src/platform/http/request-context.js';

interface Line {
  level: number;
  msg: string;
  path: string;
  status: number;
}

const DEBUG = 20;
const INFO = 30;

describe('the request log', () => {
  const lines: Line[] = [];
  let server: ReturnType<Koa['listen']>;
  let base: string;

  beforeAll(async () => {
    const logger = pino({ level: 'debug' }, new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(JSON.parse(chunk.toString()) as Line), done()) }));
    const app = new Koa();
    app.use(requestContext(logger));
    app.use((ctx) => {
      ctx.status = ctx.path === '/assets/missing.js' ? 404 : 200;
      ctx.body = 'ok';
    });
    server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => void server.close());

  async function levelOf(path: string, method = 'GET'): Promise<number | undefined> {
    await (await fetch(`${base}${path}`, { method })).text();
    return lines.findLast((line) => line.msg === 'request' && line.path === path)?.level;
  }

  it('keeps successful probes and the web app’s files at debug level', async () => {
    for (const path of ['/healthz', '/readyz', '/metrics', '/', '/assets/index-abc123.js', '/favicon.svg', '/documents/42']) {
      expect(await levelOf(path), path).toBe(DEBUG);
    }
  });

  it('logs API, sign-in and webhook requests, writes and failures at info or above', async () => {
    expect(await levelOf('/api/google-docs')).toBe(INFO);
    expect(await levelOf('/oauth/login')).toBe(INFO);
    expect(await levelOf('/webhooks/stripe', 'POST')).toBe(INFO);
    expect(await levelOf('/', 'POST')).toBe(INFO);
    expect(await levelOf('/assets/missing.js')).toBeGreaterThanOrEqual(INFO);
  });
});
