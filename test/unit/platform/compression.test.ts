import type { Server } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES, compression } from '../../../src/platform/http/compression.js';
import { rawRequest } from '../../support/raw-http.js';

/** A bare Koa app behind the compression middleware: ?bytes=N answers N bytes of JSON-ish text. */
function appUnderTest(): Koa {
  const app = new Koa();
  app.use(compression());
  app.use((ctx) => {
    const bytes = Number(ctx.query.bytes ?? 4000);
    if (ctx.path === '/object') {
      ctx.body = { items: Array.from({ length: bytes / 20 }, (_, index) => `item number ${index}`) };
      return;
    }
    if (ctx.path === '/api/events' || ctx.path === '/stream') ctx.type = 'text/event-stream';
    else ctx.type = ctx.path === '/image' ? 'image/png' : 'application/json';
    ctx.body = 'x'.repeat(bytes);
  });
  return app;
}

describe('compression of dynamic answers', () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = appUnderTest().listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (path: string, acceptEncoding?: string) => rawRequest(url, path, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('compresses an answer of 1 KiB or more with Brotli, else gzip, as the client accepts', async () => {
    const br = await get(`/api/list?bytes=${COMPRESSION_THRESHOLD_BYTES}`, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe('x'.repeat(COMPRESSION_THRESHOLD_BYTES));
    const gzip = await get('/api/list', 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).length).toBe(4000);
    expect(gzip.headers['vary']).toMatch(/accept-encoding/i);
  });

  it('compresses small and large answers alike, an object answer as its JSON', async () => {
    for (const bytes of [4000, 64 * 1024, 64 * 1024 + 1, 500_000]) {
      const response = await get(`/api/list?bytes=${bytes}`, 'br');
      expect(response.headers['content-encoding'], String(bytes)).toBe('br');
      expect(response.headers['content-type'], String(bytes)).toMatch(/^application\/json/);
      expect(brotliDecompressSync(response.body).toString(), String(bytes)).toBe('x'.repeat(bytes));
    }
    const object = await get('/object?bytes=4000', 'gzip');
    expect(object.headers['content-encoding']).toBe('gzip');
    expect((JSON.parse(gunzipSync(object.body).toString()) as { items: string[] }).items).toHaveLength(200);
  });

  it('honours the qualities the client gives: a refused encoding is never sent, a wildcard gets gzip', async () => {
    expect((await get('/api/list', 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get('/api/list', 'gzip;q=0, br')).headers['content-encoding']).toBe('br');
    expect((await get('/api/list', '*')).headers['content-encoding']).toBe('gzip');
    expect((await get('/api/list', 'br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
  });

  it('sends answers under 1 KiB as they are', async () => {
    const small = await get(`/api/list?bytes=${COMPRESSION_THRESHOLD_BYTES - 1}`, 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.length).toBe(COMPRESSION_THRESHOLD_BYTES - 1);
  });

  it('sends identity to a client that accepts no encoding we speak', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'deflate', 'zstd']) {
      expect((await get('/api/list', acceptEncoding)).headers['content-encoding'], acceptEncoding).toBeUndefined();
    }
  });

  it('never compresses the event stream, by path or by type, nor types that are compressed already', async () => {
    for (const path of ['/api/events', '/stream', '/image']) {
      const response = await get(path, 'br, gzip');
      expect(response.headers['content-encoding'], path).toBeUndefined();
      expect(response.body.length).toBe(4000);
    }
  });
});
