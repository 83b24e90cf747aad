import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { pino } from 'pino';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { errorMiddleware } from '../../../src/platform/http/error-middleware.js';
import { AppError } from '../../../src/shared/app-error.js';

async function answerOf(thrown: unknown) {
  const lines: string[] = [];
  const logger = pino({ level: 'error' }, new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) }));
  const app = new Koa();
  app.silent = true;
  app.use(errorMiddleware(logger));
  app.use(() => {
    throw thrown;
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return { status: response.status, headers: response.headers, body: (await response.json()) as { error: Record<string, unknown> }, logged: lines.join('') };
  } finally {
    server.close();
  }
}

describe('the error middleware', () => {
  it('hides an unknown error behind a generic 500 and logs it', async () => {
    const answer = await answerOf(new Error('relation "users" does not exist at SELECT secret_column'));
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } });
    expect(answer.logged).toContain('secret_column');
  });

  it('maps an AppError code to its status and keeps its message', async () => {
    const answer = await answerOf(new AppError('CONFLICT', 'Already there.'));
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ error: { code: 'CONFLICT', message: 'Already there.' } });
  });

  it('passes validation details to the client', async () => {
    const answer = await answerOf(new AppError('REQUEST.INVALID', 'name: required', { details: [{ path: 'name', message: 'required' }] }));
    expect(answer.status).toBe(400);
    expect(answer.body.error.details).toEqual([{ path: 'name', message: 'required' }]);
  });

  it('answers 503 SERVICE.UNAVAILABLE with Retry-After when the database cannot be reached, and logs why', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
    const answer = await answerOf(refused);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(answer.body).toEqual({ error: { code: 'SERVICE.UNAVAILABLE', message: 'The service cannot reach its database right now. Please try again in a few seconds.' } });
    expect(answer.body.error.message).not.toContain('10.0.0.5');
    expect(answer.logged).toContain('request failed: the database cannot be reached');
    expect(answer.logged).toContain('ECONNREFUSED');
  });

  it('answers 503 for an INTERNAL AppError caused by the outage, but keeps a deliberate status', async () => {
    const cause = new Error('select 1 - Connection terminated unexpectedly');
    expect((await answerOf(new AppError('INTERNAL', 'wrapped', { cause }))).status).toBe(503);
    const conflict = await answerOf(new AppError('CONFLICT', 'Already there.', { cause }));
    expect(conflict.status).toBe(409);
    expect(conflict.headers.get('retry-after')).toBeNull();
  });

  it('sends no Retry-After with an ordinary 500', async () => {
    expect((await answerOf(new Error('boom'))).headers.get('retry-after')).toBeNull();
  });

  it('treats an AppError with an unmapped code as a bug: generic 500', async () => {
    const answer = await answerOf(new AppError('SOMETHING.NEW' as 'CONFLICT', 'internal wording'));
    expect(answer.status).toBe(500);
    expect(answer.body.error.message).not.toContain('internal wording');
  });
});
