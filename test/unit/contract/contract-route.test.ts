import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { Router } from '@koa/router';
import type { Middleware } from 'koa';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routeTable } from '../../../src/contract/route.js';
import { contractRouter } from '../../../src/platform/http/contract-route.js';
import { createHttpApp } from '../../../src/platform/http/http-app.js';
import { PreparedJson } from '../../../src/platform/http/prepared-json.js';
import { AppError, GenericErrors } from '../../../src/shared/app-error.js';
import { fileTempDir } from '../../support/temp-dirs.js';

// The helper every JSON route is registered with (src/platform/http/contract-route.ts), on a small
// contract of its own, in the real app's middleware order, with the answer checks on or off.
const Thing = z.strictObject({ name: z.string(), size: z.number().int() });
const routes = routeTable({
  thing: { method: 'GET', path: '/api/things/:id', auth: 'public', summary: 'One thing.', params: z.object({ id: z.uuid() }), query: z.object({ scale: z.coerce.number().default(1) }), status: 200, answer: Thing },
  createThing: { method: 'POST', path: '/api/things', aliases: ['/api/thing'], auth: 'bearer', summary: 'Makes one.', body: z.object({ name: z.string().max(5) }), status: 201, answer: Thing },
  dropThing: { method: 'DELETE', path: '/api/things/:id', auth: 'bearer', summary: 'Drops one.', params: z.object({ id: z.uuid() }), status: 204, answer: null },
  things: { method: 'GET', path: '/api/things', auth: 'public', summary: 'All of them.', status: 200, answer: z.array(Thing) },
});
const ID = '4b0d6c5e-2f59-4d8e-9a3b-0c1d2e3f4a5b';

type Registration = (on: ReturnType<typeof contractRouter<object>>) => void;

const letIn: Middleware<object> = (_ctx, next) => next();

async function appWith(register: Registration, checkAnswers = true) {
  const lines: string[] = [];
  const logger = pino({ level: 'error' }, new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()) }));
  const router = new Router<object>();
  register(contractRouter(router, { bearer: letIn }));
  const app = createHttpApp({ logger, routers: [router as unknown as Router], webDir: fileTempDir('contract-route-'), https: false, trustProxy: false, checkAnswers });
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    logged: () => lines.join(''),
    request: async (path: string, init: RequestInit & { json?: unknown } = {}) => {
      const { json, ...rest } = init;
      const response = await fetch(`${base}${path}`, { ...rest, ...(json === undefined ? {} : { body: JSON.stringify(json), headers: { 'content-type': 'application/json' } }) });
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as unknown) : null };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a route registered from the contract', () => {
  it('hands the handler its params, query and body parsed by the contract, and answers with the contract status', async () => {
    const app = await appWith((on) => {
      on(routes.thing, (_ctx, { params, query }) => ({ name: params.id, size: 2 * query.scale }));
      on(routes.createThing, (_ctx, { body }) => ({ name: body.name, size: body.name.length }));
    });
    try {
      expect(await app.request(`/api/things/${ID}?scale=3`)).toMatchObject({ status: 200, body: { name: ID, size: 6 } });
      expect(await app.request('/api/things', { method: 'POST', json: { name: 'box', extra: true } })).toMatchObject({ status: 201, body: { name: 'box', size: 3 } });
      expect(await app.request('/api/thing', { method: 'POST', json: { name: 'lid' } })).toMatchObject({ status: 201, body: { name: 'lid', size: 3 } });
    } finally {
      await app.close();
    }
  });

  it('refuses params, a query or a body the contract refuses with 400 and the failing field, before the handler runs', async () => {
    let ran = false;
    const app = await appWith((on) => {
      on(routes.thing, () => ((ran = true), { name: 'x', size: 1 }));
      on(routes.createThing, () => ((ran = true), { name: 'x', size: 1 }));
    });
    try {
      expect(await app.request('/api/things/not-a-uuid')).toMatchObject({ status: 400, body: { error: { code: 'REQUEST.INVALID', details: [expect.objectContaining({ path: 'id' })] } } });
      expect(await app.request(`/api/things/${ID}?scale=big`)).toMatchObject({ status: 400, body: { error: { code: 'REQUEST.INVALID', details: [expect.objectContaining({ path: 'scale' })] } } });
      expect(await app.request('/api/things', { method: 'POST', json: { name: 'too long' } })).toMatchObject({ status: 400, body: { error: { details: [expect.objectContaining({ path: 'name' })] } } });
      expect(ran).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('answers params it refuses with the router\'s error instead, when it names one (a malformed id names nothing)', async () => {
    const lines: string[] = [];
    const router = new Router<object>();
    contractRouter(router, { invalidParams: () => new AppError(GenericErrors.ROUTE_NOT_FOUND, 'No such thing.') })(routes.thing, () => ({ name: 'x', size: 1 }));
    const logger = pino({ level: 'error' }, new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()) }));
    const app = createHttpApp({ logger, routers: [router as unknown as Router], webDir: fileTempDir('contract-route-'), https: false, trustProxy: false, checkAnswers: true });
    const server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/things/42`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 'ROUTE.NOT_FOUND', message: 'No such thing.' } });
    } finally {
      server.close();
    }
  });

  it('answers 500 and logs the route and the field when a handler answers a shape the contract does not allow', async () => {
    // It passes the type check: an object with more fields than the contract's is assignable to it.
    const row = { name: 'box', size: 3, ownerEmail: 'someone@example.com' };
    const app = await appWith((on) => on(routes.thing, () => row));
    try {
      expect(await app.request(`/api/things/${ID}`)).toEqual({ status: 500, headers: expect.anything(), body: { error: { code: 'INTERNAL', message: expect.any(String) } } });
      expect(app.logged()).toContain('GET /api/things/:id answered outside its contract');
      expect(app.logged()).toContain('ownerEmail');
    } finally {
      await app.close();
    }
  });

  it('answers 500 when an answer misses a field or has one of another type', async () => {
    const app = await appWith((on) => {
      on(routes.thing, (_ctx, { query }) => JSON.parse(query.scale === 1 ? '{"name":"box"}' : '{"name":"box","size":"3"}') as { name: string; size: number });
    });
    try {
      for (const scale of [1, 2]) expect((await app.request(`/api/things/${ID}?scale=${scale}`)).status).toBe(500);
      expect(app.logged()).toContain('size: Invalid input: expected number, received undefined');
      expect(app.logged()).toContain('size: Invalid input: expected number, received string');
    } finally {
      await app.close();
    }
  });

  it('checks a prepared answer too, and sends no encoding or ETag with the error that replaces it', async () => {
    const wrong = new PreparedJson([{ name: 'box', size: 3 }, { name: 'lid' }]);
    const app = await appWith((on) => on(routes.things, () => wrong));
    try {
      const answer = await app.request('/api/things', { headers: { 'accept-encoding': 'gzip' } });
      expect(answer.status).toBe(500);
      expect(answer.headers.get('etag')).toBeNull();
      expect(app.logged()).toContain('1.size');
    } finally {
      await app.close();
    }
  });

  it('answers a call without an answer body with its status and no body', async () => {
    const app = await appWith((on) => on(routes.dropThing, () => undefined));
    try {
      expect(await app.request(`/api/things/${ID}`, { method: 'DELETE' })).toMatchObject({ status: 204, body: null });
    } finally {
      await app.close();
    }
  });

  it('sends the answer as it is when the checks are off (production)', async () => {
    const row = { name: 'box', size: 3, ownerEmail: 'someone@example.com' };
    const app = await appWith((on) => on(routes.thing, () => row), false);
    try {
      expect(await app.request(`/api/things/${ID}`)).toMatchObject({ status: 200, body: row });
    } finally {
      await app.close();
    }
  });

  it('refuses to register a bearer route on a router given no bearer guard', () => {
    expect(() => contractRouter(new Router())(routes.createThing, () => ({ name: 'x', size: 1 }))).toThrow(/bearer route/);
  });
});
